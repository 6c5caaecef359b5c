"""CardConquest screens (spec conquest.md section 8): one View per phase over a hex map.

`start.open_conquest` is the mode's scene entry and `start.shot_view` its `tabula shot` view.
The screens only render the seat view (`match.view_json`) and the match events, and turn clicks
and keys into decisions through `match.submit`; no rule is decided here.
"""
