"""The Network screen (docs/network.md "In the game window"): Host a game or Join one.

Host starts an authoritative host in a thread of this process (`game.net.host.HostThread`),
shows the address and the join code to give the friend, waits for the friend, then opens the
game's own screens. The hosting player plays through a loopback `NetClient` like the friend,
so both go through the same `RemoteMatch` (game.net.remote) and see only their seat view. A
host whose match was left unfinished saved it (`<data dir>/net/host-<mode>.json`): Host offers
to resume it, and both players rejoin their seats with the tokens they hold.

Allow spectators (off by default) is passed to the host; Watch joins as a spectator, who
sees the game's screens read-only with the public view only.

Join takes an address or a join code; connecting runs in a thread (a host that is not there
takes seconds to time out), the screen stays live and Cancel works meanwhile. Every failure is
a line on the screen, never a traceback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import arcade
import arcade.gui as gui

from game.engine.modes import get_mode
from game.i18n import N_, _, ngettext
from game.net.address import (
    DEFAULT_PORT,
    WILDCARDS,
    AddressError,
    join_code,
    lan_address,
    local_target,
    parse_address,
    ws_url,
)
from game.net.discovery import DISCOVERY_PORT
from game.scenes import theme
from game.scenes.fonts import UI_FONT
from game.scenes.menu import FeltView, table_felt
from game.scenes.scale import view_size
from game.scenes.ui import TightUIManager
from game.scenes.widgets import Toast, centred_field, make_button, make_label, panel_texture

if TYPE_CHECKING:
    from game.net.client import NetClient
    from game.net.discovery import Announcer, Found
    from game.net.host import HostThread
    from game.net.remote import RemoteMatch
    from game.scenes.app import App

log = logging.getLogger(__name__)

NET_MODES = ("strike", "conquest", "kingdom")  # the modes whose screens take a network seat
WIDTH = 760


def remote_view(app: App, remote: RemoteMatch) -> arcade.View:
    """The game's own first screen for a network seat (as after a local start)."""
    if remote.spec.id == "kingdom":
        from game.scenes.kingdom.start import network_view

        return network_view(app, remote)
    if remote.spec.id == "strike":
        from game.scenes.strike.base import StrikeSession
        from game.scenes.strike.start import screen_for

        return screen_for(app, StrikeSession(remote))
    from game.scenes.conquest.base import ConquestSession
    from game.scenes.conquest.start import next_view

    return next_view(app, ConquestSession(remote))


class AddressField(gui.UIInputText):
    """A text field whose first click puts the caret at the end of what is filled in (the
    last address, to be completed or corrected), not where the click fell: arcade activates
    the field on the press, so its own `activate` (which moves the caret to the end) does
    nothing on the release. Clicks into a field already active place the caret as usual."""

    def on_event(self, event: gui.UIEvent) -> bool | None:
        was_active = self.active
        handled = super().on_event(event)
        if not was_active and self.active:
            self.caret.position = len(self.text)
            self.caret.mark = None
        return handled


def address_input(text: str) -> gui.UIInputText:
    """The Join screen's address field."""
    edge = gui.UIInputText.UIStyle(bg=theme.TABLE, border=theme.PANEL_EDGE, border_width=2)
    focus = gui.UIInputText.UIStyle(bg=theme.TABLE, border=theme.GOLD, border_width=2)
    return centred_field(AddressField(
        text=text, width=360, height=theme.BUTTON_HEIGHT, font_size=theme.SIZE_BODY,
        font_name=UI_FONT, text_color=theme.TEXT, caret_color=theme.GOLD,
        style={"normal": edge, "hover": focus, "press": focus, "disabled": edge,
               "invalid": edge}))


# the host's refusals of a join (game.net.client.JOIN_ERRORS), told in the language shown;
# the host's own English message shows for an id this table lacks
REFUSALS = {
    "bad_token": N_("No seat of this match has that token."),
    "match_full": N_("Every seat is taken: rejoin with your token, or watch."),
    "no_spectators": N_("This host does not allow spectators."),
    "protocol": N_("This host runs another version of Tabula: update both to the same one."),
    "host_full": N_("The host has too many connections: try again in a moment."),
}


def problem_words(exc: Exception) -> str:
    """Why a network call failed, for the screen: a host's refusal in the language shown,
    anything else (no answer, a socket error) as it was raised."""
    refusal = getattr(exc, "error", None)  # a JoinError's (imported late: websockets)
    if isinstance(refusal, str) and refusal in REFUSALS:
        return _(REFUSALS[refusal])
    return str(exc) or type(exc).__name__


class Task:
    """A call on a thread of its own; `done`/`result`/`error` once it returns."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: str | None = None
        self.done = False
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True,
                                        name="tabula-net-task")
        self._thread.start()

    def _run(self, fn: Callable[[], Any]) -> None:
        try:
            self.result = fn()
        except Exception as exc:  # shown on the screen, never raised in the window's loop
            log.info("network task failed: %s", exc)
            self.error = problem_words(exc)
        self.done = True

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)


def host_and_connect(mode: str, resume: bool, port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
                     seed: int | None = None, spectators: bool = False,
                     rules: str | None = None) -> tuple[HostThread, NetClient]:
    """Start hosting `mode` (the saved unfinished match when `resume`) and join its seat 0
    over loopback. The default port, or any free port when it is taken. `spectators`: the
    screen's "Allow spectators" (a resumed match takes the setting of now)."""
    from game.net.client import NetClient
    from game.net.commands import make_host
    from game.net.host import HostThread

    host = make_host(mode, seed, False, not resume, rules)
    if isinstance(host, str):
        raise ValueError(host)
    host.claimed[0] = True  # the hosting player's seat: a friend takes seat 1
    host.spectators = spectators
    thread = HostThread(host, bind, port)
    try:
        port = thread.start()
    except OSError:
        thread = HostThread(host, bind, 0)
        port = thread.start()
    client = NetClient(ws_url(local_target(bind), port), token=host.tokens[0])
    try:
        client.start()
    except Exception:
        thread.stop()
        raise
    return thread, client


def saved_session(mode: str) -> int | None:
    """The number of decisions of this mode's unfinished hosted match, or None."""
    from game.engine.record import RecordError
    from game.net.commands import session_path
    from game.net.host import Host, SessionError

    path = session_path(mode)
    if not path.exists():
        return None
    try:
        host = Host.from_session(path)
    except (SessionError, RecordError, OSError) as exc:
        log.warning("the saved network match cannot be hosted again: %s", exc)
        return None
    try:
        return None if host.match.result is not None else len(host.match.decisions)
    finally:
        from game.engine.match import Match

        with Match.lock:
            host.match.close()


class NetworkView(FeltView):
    """Host a game, or join one by address or join code (see the module docstring)."""

    def __init__(self, app: App, address: str | None = None) -> None:
        super().__init__()
        self.ui = TightUIManager()
        self.app = app
        self.background_color = theme.TABLE
        self.toast = Toast()
        self._felt: arcade.shape_list.ShapeElementList | None = None
        self.stage = "idle"  # idle, ask_resume, hosting, waiting, connecting
        self.status = ""
        self.status_kind = "info"
        self.mode: str | None = None
        self.resume_at: int | None = None
        self.task: Task | None = None
        self.hosting: tuple[HostThread, NetClient] | None = None
        self.announcer: Announcer | None = None  # answers the Join screens of the LAN
        self.found: list[Found] = []  # hosts found on the LAN (Find hosts)
        self.found_buttons: list[gui.UIFlatButton] = []
        self.watch_buttons: list[gui.UIFlatButton] = []
        self.discovery_port = DISCOVERY_PORT  # tests use a port of their own
        self.address_lines: list[str] = []
        self.host_buttons: dict[str, gui.UIFlatButton] = {}
        self.buttons: dict[str, gui.UIFlatButton] = {}
        if address is None:
            from game.net.joined import last_address

            address, notice = last_address()
            address = address or ""
            if notice:  # a token file that was not one: moved aside, said once
                self.status, self.status_kind = notice, "error"
            elif address:  # a restarted game: Join takes the same seat back with its token
                self.status = _("Join takes your seat at {address} back, if that match goes on.").format(
                    address=address)
        self.address = address_input(address)
        self.status_label: gui.UILabel | None = None
        self.port = DEFAULT_PORT  # `tabula host --port`; tests use 0 (any free port)
        self.bind = "0.0.0.0"  # `tabula host --bind`: every socket of the host listens there
        self.seed: int | None = None  # `tabula host --seed`
        self.rules: str | None = None  # `tabula host --rules` (None: the current rules)
        self.spectators = False  # "Allow spectators" (off: a spectator's join is refused)
        self.role = "player"  # what Join joins as: "player", or "spectator" (Watch)

    # layout -------------------------------------------------------------------------------
    def build(self) -> None:
        width, height = view_size(self.window)
        self.ui.clear()
        self.host_buttons, self.buttons = {}, {}
        self._felt = table_felt(width, height)
        box = gui.UIBoxLayout(space_between=theme.GAP)
        box.add(make_label(_("Network play"), size=theme.SIZE_HEADING, bold=True, color=theme.GOLD))
        if self.stage == "ask_resume":
            self._resume_panel(box)
        elif self.stage in ("hosting", "waiting", "connecting"):
            self._waiting_panel(box)
        else:
            self._choice_panel(box)
        self.status_label = box.add(make_label(
            self.status, width=WIDTH - 40, multiline=True, align="center",
            color=theme.RED_HI if self.status_kind == "error" else theme.TEXT_MUTED))
        anchor = gui.UIAnchorLayout()
        anchor.add(box.with_padding(all=24).with_background(texture=panel_texture()),
                   anchor_x="center_x", anchor_y="center_y")
        self.ui.add(anchor)

    def _button(self, key: str, text: str, action: Callable[[], Any], kind: str = "secondary",
                width: float = 170) -> gui.UIFlatButton:
        self.buttons[key] = make_button(text, width=width, kind=kind, on_click=action)
        return self.buttons[key]

    def _choice_panel(self, box: gui.UIBoxLayout) -> None:
        # a new field each build, the text kept: a field moved into a new layout would keep
        # calling the listeners of the old one
        self.address = address_input(self.address.text)
        box.add(make_label(_("Host a game on this computer, or join a friend's."),
                           color=theme.TEXT_MUTED))
        # one row of Host buttons, one per game: the panel keeps room for the hosts found
        row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
        row.add(make_label(_("Host"), size=theme.SIZE_SUBHEADING, bold=True, width=120))
        for mode in NET_MODES:
            spec = get_mode(mode)
            if spec is None:
                continue
            self.host_buttons[mode] = row.add(make_button(
                spec.title, width=180, kind="primary", on_click=lambda m=mode: self.host(m)))
        box.add(row)
        box.add(self._button("spectators", self.spectators_words(), self.toggle_spectators,
                             width=300))
        box.add(gui.UISpace(height=8))
        box.add(make_label(_("Join: the host's address (HOST[:PORT]) or join code"),
                           color=theme.TEXT_MUTED))
        row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
        row.add(self.address)
        row.add(self._button("join", _("Join"), self.join, kind="info", width=140))
        row.add(self._button("watch", _("Watch"), self.watch, width=120))
        box.add(row)
        self.found_buttons, self.watch_buttons = [], []
        for found in self.found[:4]:
            spec = get_mode(found.mode)
            words = _("{title} at {address}  ({code})").format(
                title=spec.title if spec else found.mode, address=found.target, code=found.code)
            row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP, align="center")
            self.found_buttons.append(row.add(make_button(
                words, width=WIDTH - 250, on_click=lambda f=found: self.join_found(f))))
            self.watch_buttons.append(row.add(make_button(
                _("Watch"), width=120, on_click=lambda f=found: self.join_found(f, "spectator"))))
            box.add(row)
        box.add(self._button("find", _("Find hosts on this network"), self.find, width=300))
        box.add(self._button("back", _("Back"), self.back))

    def _resume_panel(self, box: gui.UIBoxLayout) -> None:
        spec = get_mode(self.mode or "")
        title = spec.title if spec else self.mode
        box.add(make_label(_("Your hosted {title} match was left at decision {number}.").format(
            title=title, number=self.resume_at),
                           size=theme.SIZE_SUBHEADING))
        box.add(make_label(_("Resume it (your friend rejoins the same seat) or start a new one?"),
                           color=theme.TEXT_MUTED))
        row = gui.UIBoxLayout(vertical=False, space_between=theme.GAP)
        row.add(self._button("resume", _("Resume"), lambda: self.start_hosting(True), "primary"))
        row.add(self._button("new", _("New match"), lambda: self.start_hosting(False), "danger"))
        row.add(self._button("cancel", _("Cancel"), self.cancel))
        box.add(row)

    def _waiting_panel(self, box: gui.UIBoxLayout) -> None:
        for n, line in enumerate(self.address_lines):
            box.add(make_label(line, size=theme.SIZE_SUBHEADING if n else theme.SIZE_BODY,
                               bold=n > 0, color=theme.GOLD if n else theme.TEXT))
        box.add(self._button("cancel", _("Cancel"), self.cancel))

    def set_status(self, text: str, kind: str = "info") -> None:
        self.status, self.status_kind = text, kind
        self.build()
        if self.window is not None:
            self.window.invalid = True  # a change from a thread's answer, not from input

    # hosting ------------------------------------------------------------------------------
    def host(self, mode: str) -> None:
        """Host `mode`: ask first when an unfinished hosted match of it was saved."""
        self.app.sounds.play("click")
        if mode not in NET_MODES:  # a one-seat game: `tabula host` refuses it first
            spec = get_mode(mode)
            self.set_status(_("{title} cannot be played over the network.").format(
                title=spec.title if spec else mode), "error")
            return
        self.mode = mode
        self.resume_at = saved_session(mode)
        if self.resume_at is not None:
            self.stage = "ask_resume"
            self.set_status("")
        else:
            self.start_hosting(False)

    def spectators_words(self) -> str:
        return _("Allow spectators: on") if self.spectators else _("Allow spectators: off")

    def toggle_spectators(self) -> None:
        """The host setting: may others watch the next match hosted from here (read-only)?"""
        self.app.sounds.play("click")
        self.spectators = not self.spectators
        self.set_status(_("Spectators may watch the matches you host (they see what both "
                          "players see, never a hand or a secret).") if self.spectators else "")

    def start_hosting(self, resume: bool) -> None:
        mode, port, seed, spectators = self.mode or "", self.port, self.seed, self.spectators
        bind, rules = self.bind, self.rules
        self.stage = "hosting"
        self.address_lines = []
        self.task = Task(lambda: host_and_connect(mode, resume, port, bind, seed=seed,
                                                  spectators=spectators, rules=rules))
        self.set_status(_("Starting the host…"))

    def _hosted(self, thread: HostThread, client: NetClient) -> None:
        from game.net.discovery import Announcer

        self.hosting = (thread, client)
        self.stage = "waiting"
        port = thread.host.port or DEFAULT_PORT
        self.announcer = Announcer(self.mode or "", port, listen_port=self.discovery_port,
                                   bind=self.bind)
        address = lan_address() if self.bind in WILDCARDS else self.bind
        spec = get_mode(self.mode or "")
        self.address_lines = [_("Hosting {title}. Give your friend:").format(
                                  title=spec.title if spec else self.mode),
                              _("Address {address}").format(address=f"{address}:{port}")]
        if ":" not in address:
            self.address_lines.append(_("Join code {code}").format(code=join_code(address, port)))
        if thread.host.spectators:
            self.address_lines.append(_("Spectators may watch (Join screen: Watch)."))
        if thread.host.persist_error:  # it plays on; only a resume after leaving is lost
            self.address_lines.append(_("This match cannot be saved ({problem}): leaving it "
                                        "ends it.").format(problem=thread.host.persist_error))
        self.set_status(_("Waiting for Player 2 to join…"))

    def _check_friend(self) -> None:
        assert self.hosting is not None
        thread, client = self.hosting
        if client.connected and all(client.connected):
            from game.net.remote import RemoteMatch

            self.hosting = None
            announcer, self.announcer = self.announcer, None

            def stop() -> None:  # leaving the match: nobody is to find it, the host saves
                if announcer is not None:
                    announcer.stop()
                thread.stop()

            remote = RemoteMatch(client, on_close=stop)
            self.stage = "idle"
            self.app.show_view(remote_view(self.app, remote))

    # joining ------------------------------------------------------------------------------
    def watch(self) -> None:
        """Join as a spectator: the game's screens, read-only, with the public view."""
        self.join("spectator")

    def join(self, role: str = "player") -> None:
        from game.net.commands import join_player

        self.app.sounds.play("click")
        self.role = role
        text = self.address.text.strip()
        try:
            host, port = parse_address(text)
        except AddressError as exc:
            self.set_status(str(exc), "error")
            return
        address = f"{host}:{port}"
        self.stage = "connecting"
        self.address_lines = [_("Connecting to {address}…").format(address=address)]
        self.task = Task(lambda: join_player(address, role=role, notify=log.warning))
        self.set_status("")

    def find(self) -> None:
        """Ask the local network who hosts (off the window's thread: it waits ~0.6 s)."""
        from game.net.discovery import discover

        self.app.sounds.play("click")
        port = self.discovery_port
        self.finding = Task(lambda: discover(port=port))
        self.set_status(_("Looking for hosts on this network…"))

    finding: Task | None = None

    def _found(self, task: Task) -> None:
        self.found = list(task.result or [])
        if task.error is not None:
            self.set_status(_("Could not look for hosts: {problem}").format(problem=task.error),
                            "error")
        elif not self.found:
            self.set_status(_("No host answered on this network: type its address or code."))
        else:
            n = len(self.found)
            self.set_status(ngettext("{n} host found: click it to join.",
                                     "{n} hosts found: click one to join.", n).format(n=n))

    def join_found(self, found: Found, role: str = "player") -> None:
        self.address.text = found.target
        self.join(role)

    def _joined(self, client: NetClient) -> None:
        from game.net.remote import RemoteMatch

        if client.mode not in NET_MODES:
            client.close()
            spec = get_mode(client.mode or "")
            self.stage = "idle"
            self.set_status(_("This host plays {title}, which this window cannot play over the "
                              "network (tabula join ADDRESS --cpu LEVEL can).").format(
                title=spec.title if spec else client.mode), "error")
            return
        try:
            remote = RemoteMatch(client)
        except Exception as exc:
            client.close()
            self.stage = "idle"
            self.set_status(_("Could not start the match: {problem}").format(problem=exc), "error")
            return
        self.stage = "idle"
        self.app.show_view(remote_view(self.app, remote))

    # leaving ------------------------------------------------------------------------------
    def cancel(self) -> None:
        """Stop waiting: close the loopback client and the host (its session is saved)."""
        self.app.sounds.play("click")
        if self.announcer is not None:
            self.announcer.stop()
            self.announcer = None
        if self.hosting is not None:
            thread, client = self.hosting
            self.hosting = None
            client.close()
            thread.stop()
        if self.task is not None and not self.task.done:
            self.task = _Abandoned(self.task)
        self.stage = "idle"
        self.address_lines = []
        self.set_status("")

    def back(self) -> None:
        self.cancel()
        self.app.show_menu()

    # arcade handlers ----------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.finding is not None and self.finding.done:
            finding, self.finding = self.finding, None
            self._found(finding)
        task = self.task
        if task is not None and task.done:
            self.task = None
            if isinstance(task, _Abandoned):
                task.clean_up()
            elif task.error is not None:
                failed = (_("Could not host: {problem}") if self.stage != "connecting"
                          else _("Could not watch: {problem}") if self.role == "spectator"
                          else _("Could not join: {problem}"))
                self.stage = "idle"
                self.address_lines = []
                self.set_status(failed.format(problem=task.error), "error")
            elif isinstance(task.result, tuple):
                self._hosted(*task.result)
            else:
                self._joined(task.result)
        if self.hosting is not None and self.window is not None \
                and self.window.current_view is self:
            self._check_friend()

    def on_show_view(self) -> None:
        super().on_show_view()
        self.build()

    def on_resize(self, width: int, height: int) -> None:
        self.build()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.ESCAPE:
            if self.stage == "idle":
                self.back()
            else:
                self.cancel()
            return True
        if symbol in (arcade.key.ENTER, arcade.key.RETURN) and self.stage == "idle":
            self.join()
            return True
        return False


class _Abandoned(Task):
    """A task the player cancelled: what it made when it returns is closed, not used."""

    def __init__(self, task: Task) -> None:  # noqa: D107 - wraps, does not start a thread
        self.inner = task

    @property
    def done(self) -> bool:  # type: ignore[override]
        return self.inner.done

    def clean_up(self) -> None:
        result = self.inner.result
        if isinstance(result, tuple):
            thread, client = result
            client.close()
            thread.stop()
        elif result is not None:
            result.close()


def open_network(app: App, address: str | None = None) -> arcade.View:
    """Show the Network screen (the menu's Network button, `tabula join` in the window)."""
    return app.show_view(NetworkView(app, address))


def open_host(app: App, mode: str, *, port: int = DEFAULT_PORT, seed: int | None = None,
              new: bool = False, bind: str = "0.0.0.0", rules: str | None = None
              ) -> arcade.View:
    """`tabula host MODE` in the window: the Network screen, hosting `mode` at once (asking
    first when a saved match could be resumed, unless `new`, `seed` or `rules`), listening on
    `bind` (`--bind`: the game's port and LAN discovery both)."""
    view = NetworkView(app)
    app.show_view(view)
    view.port, view.seed, view.bind, view.rules = port, seed, bind, rules
    if (new or seed is not None or rules is not None) and mode in NET_MODES:
        view.mode = mode
        view.start_hosting(False)
    else:
        view.host(mode)
    return view


def open_join(app: App, address: str) -> arcade.View:
    """`tabula join ADDRESS` in the window: the Network screen, joining at once."""
    view = NetworkView(app, address)
    app.show_view(view)
    view.join()
    return view
