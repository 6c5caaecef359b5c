"""CardConquest (spec conquest.md): tanks and infantry on a hex map, battles decided by cards.

Modules, in the order play uses them: content (resources), setup (new matches, armies,
setups), orders (placement and movement orders), flow (ready protocol and phase machine),
movement, battle (sequence, eligibility, picks), abilities, resolution, hands, retreat,
endgame, state (index and State JSON), view (the seat view), legal (decisions), mode.
"""
