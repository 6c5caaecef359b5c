"""Where Marve-Strike's board screens point a tutorial (game.scenes.tutorial_hooks): the
tiles, units, ability buttons and buttons a script names, and combat's next click toward a
decision. Mixins of BoardBase and CombatView (docs/tutorials.md)."""

from __future__ import annotations

from typing import Any

import arcade


class BoardGuide:
    """A board screen's rectangles for a tutorial (placement and combat)."""

    tile: float
    state: dict[str, Any]
    blocks: dict[str, Any]

    def tile_rect(self, tile: Any) -> arcade.types.Rect:
        """A tile's square on screen (what `tile_at` finds a click in)."""
        x, y = self.centre(tile)
        return arcade.XYWH(x, y, self.tile, self.tile)

    def tutorial_rects(self, target: dict[str, Any]) -> list[arcade.types.Rect]:
        """A unit's tile (`unit`, or every one of `units`), a `tile`, an `ability` button
        ([unit, index]), a unit's panel `block`, or a `button` by name."""
        rects: list[arcade.types.Rect] = []
        for uid in [target["unit"]] if "unit" in target else list(target.get("units", [])):
            u = self.unit_json(uid)
            if u is not None and u.get("pos") is not None:
                rects.append(self.tile_rect(u["pos"]))
        if isinstance(target.get("tile"), list) and len(target["tile"]) == 2:
            rects.append(self.tile_rect(target["tile"]))
        ability = target.get("ability")
        if isinstance(ability, list) and len(ability) == 2:
            box = self.ability_box((ability[0], ability[1]))
            if box is not None:
                rects.append(arcade.LRBT(*box))
        if target.get("block") in self.blocks:
            rects.append(arcade.LRBT(*self.blocks[target["block"]]))
        button = self.tutorial_button(target.get("button"))
        if button is not None and self.widget_shown(button):
            rects.append(button.rect)
        return rects

    def tutorial_keep_clear(self) -> list[arcade.types.Rect]:
        """The living units' tiles and the panel's unit blocks."""
        rects = [self.tile_rect(u["pos"]) for u in self.state["board"]["units"]
                 if u.get("pos") is not None]
        return rects + [arcade.LRBT(*box) for box in self.blocks.values()]

    def tutorial_button(self, name: Any) -> Any:
        """A named button of this screen, for a tutorial to point at."""
        return None



class CombatGuide:
    """Combat's next click toward a taught decision."""

    selected: str | None
    armed: int | None
    pass_btn: Any

    def tutorial_next(self, decision: dict[str, Any]) -> dict[str, Any]:
        """The next click toward a decision: a move's unit, then its tile; an attack's ability
        button (it selects the unit and arms the ability; a heal acts at once), then its
        target; Pass turn."""
        kind, uid = decision.get("type"), decision.get("unit")
        if kind == "pass":
            return {"button": "pass"}
        if kind == "attack":
            index = decision.get("attack", 0)
            if self.selected == uid and self.armed == index and "target" in decision:
                return {"unit": decision["target"]}
            return {"ability": [uid, index]}
        if kind == "move" and self.selected == uid:
            return {"tile": decision.get("to")}
        return {"unit": uid}

    def tutorial_button(self, name: Any) -> Any:
        return self.pass_btn if name == "pass" else None
