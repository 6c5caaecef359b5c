"""The player's language: every text a screen shows goes through `_` (gettext) here.

Catalogues are gettext `.po` files: `resources/locale/<lang>/LC_MESSAGES/*.po` (one per area:
`shell.po`, `crawl.po`, ...), and a mod's own under `<mod>/locale/<lang>/LC_MESSAGES/*.po`.
They are compiled at load, in memory, with the stdlib's msgfmt logic (`compile_mo`) into a
`gettext.GNUTranslations`, and cached by file and modification time: the game runs from a
checkout with no build step. A msgid missing from the catalogue, or left empty, shows the
English msgid (gettext's own fallback); a `.po` that cannot be parsed is skipped with a
message naming its file and line (`problems()`), and the game runs on in English for it.

The rules never call this module (they stay English ids); only the scenes translate, at the
moment they build their texts, so a language change rebuilds the shown screens
(docs/i18n.md). Content names (cards, abilities, units) are msgids too, keyed by their
English name, so a mod's content without a translation stays English.
"""

from __future__ import annotations

import ast
import gettext
import struct
from dataclasses import dataclass
from pathlib import Path

from game import paths

ENGLISH = "en"
# the languages the Settings screen offers: code -> its name in that language
LANGUAGES: dict[str, str] = {"en": "English", "pt_BR": "Português (Brasil)"}
LOCALE_FOLDER = "locale"
TEMPLATE = "tabula.pot"  # every msgid of the game (`pybabel extract`, docs/i18n.md)
MAX_PO_BYTES = 4 * 1024 * 1024  # the whole game's catalogue is about 100 kB


def locale_root() -> Path:
    """The game's own catalogues: `resources/locale/`."""
    return paths.resources_dir() / LOCALE_FOLDER


class CatalogueError(ValueError):
    """A `.po` file that cannot be read: `str()` is `file:line: problem`."""


@dataclass(frozen=True)
class Entry:
    """One translated message of a `.po` file (plural forms in `plural`)."""

    msgid: str
    msgstr: str
    line: int
    plural_id: str | None = None
    plural: tuple[str, ...] = ()
    fuzzy: bool = False
    refs: tuple[str, ...] = ()  # the `#:` source references (the template has them)


def _unquote(text: str, path: Path, line: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogueError(f"{path}:{line}: expected a quoted string, not {text[:40]!r}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise CatalogueError(f"{path}:{line}: a string that cannot be read: {text[:40]!r}") \
            from None
    if not isinstance(value, str):
        raise CatalogueError(f"{path}:{line}: expected a quoted string")
    return value


def parse_po(path: Path) -> tuple[dict[str, str], list[Entry]]:
    """The header fields and the entries of a `.po` file; CatalogueError names the line."""
    try:
        if path.stat().st_size > MAX_PO_BYTES:
            raise CatalogueError(f"{path}:1: larger than {MAX_PO_BYTES // 1024} kB")
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise CatalogueError(f"{path}:1: not UTF-8 ({exc.reason})") from None
    except OSError as exc:
        raise CatalogueError(f"{path}:1: cannot be read ({exc.strerror or exc})") from None
    entries: list[Entry] = []
    header: dict[str, str] = {}
    fields: dict[str, str] = {}
    current: str | None = None
    start = 0
    fuzzy = False
    refs: list[str] = []

    def finish() -> None:
        nonlocal fields, fuzzy, current, refs
        if "msgid" in fields:
            plural = tuple(fields[k] for k in sorted(
                (k for k in fields if k.startswith("msgstr[")),
                key=lambda k: int(k[7:-1])))
            if "msgstr" not in fields and not plural:
                raise CatalogueError(f"{path}:{start}: msgid without a msgstr")
            if "msgctxt" not in fields:
                entry = Entry(fields["msgid"], fields.get("msgstr", ""), start,
                              fields.get("msgid_plural"), plural, fuzzy, tuple(refs))
                if entry.msgid == "":
                    header.update(_header(entry.msgstr))
                else:
                    entries.append(entry)
        elif fields:
            raise CatalogueError(f"{path}:{start}: an entry without a msgid")
        fields, fuzzy, current, refs = {}, False, None, []

    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in fields and current is not None and current.startswith("msgstr"):
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith("#:"):
                refs.extend(ref.rsplit(":", 1)[0] for ref in line[2:].split())
            continue
        if line.startswith('"'):
            if current is None:
                raise CatalogueError(f"{path}:{number}: a string outside an entry")
            fields[current] += _unquote(line, path, number)
            continue
        keyword, _sep, rest = line.partition(" ")
        known = keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr") or (
            keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit())
        if not known:
            raise CatalogueError(f"{path}:{number}: unknown keyword {keyword[:30]!r}")
        if keyword in ("msgctxt", "msgid") and current is not None and (
                current.startswith("msgstr")):
            finish()
        if keyword in fields:
            raise CatalogueError(f"{path}:{number}: {keyword} twice in one entry")
        if not fields:
            start = number
        fields[keyword] = _unquote(rest, path, number)
        current = keyword
    finish()
    return header, entries


def _header(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            out[key.strip()] = value.strip()
    return out


def compile_mo(header: dict[str, str], entries: list[Entry]) -> bytes:
    """The `.mo` bytes of the translated entries (the stdlib's Tools/i18n/msgfmt.py logic):
    an empty or fuzzy msgstr is left out, so gettext shows the English msgid for it."""
    messages: dict[bytes, bytes] = {
        b"": "".join(f"{k}: {v}\n" for k, v in header.items()).encode("utf-8")}
    for e in entries:
        if e.fuzzy:
            continue
        if e.plural_id is not None:
            if not e.plural or not all(e.plural):
                continue
            key = f"{e.msgid}\0{e.plural_id}".encode()
            messages[key] = "\0".join(e.plural).encode("utf-8")
        elif e.msgstr:
            messages[e.msgid.encode("utf-8")] = e.msgstr.encode("utf-8")
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(messages[k])))
        ids += k + b"\0"
        strs += messages[k] + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    table = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return (table + struct.pack(f"{len(koffsets)}i", *koffsets)
            + struct.pack(f"{len(voffsets)}i", *voffsets) + ids + strs)


_compiled: dict[tuple[Path, int, int], gettext.GNUTranslations | CatalogueError] = {}


def compiled(path: Path) -> gettext.GNUTranslations:
    """The translations of one `.po` file, compiled once per version of the file."""
    import io

    try:
        stat = path.stat()
        key = (path, stat.st_mtime_ns, stat.st_size)
    except OSError as exc:
        raise CatalogueError(f"{path}:1: cannot be read ({exc.strerror or exc})") from None
    found = _compiled.get(key)
    if found is None:
        try:
            header, entries = parse_po(path)
            found = gettext.GNUTranslations(io.BytesIO(compile_mo(header, entries)))
        except CatalogueError as exc:
            found = exc
        except (ValueError, SyntaxError) as exc:  # a Plural-Forms gettext cannot read
            found = CatalogueError(f"{path}:1: bad header ({exc})")
        _compiled[key] = found
    if isinstance(found, CatalogueError):
        raise found
    return found


def catalogue_files(lang: str) -> list[Path]:
    """The `.po` files of a language: the game's, then every installed mod's."""
    from game.engine.resources import mod_folders

    folders = [locale_root()]
    folders += [mod / LOCALE_FOLDER for mod in mod_folders()]
    return [po for folder in folders
            for po in sorted((folder / lang / "LC_MESSAGES").glob("*.po"))]


def translations_for(lang: str) -> tuple[gettext.NullTranslations, list[str]]:
    """The chained translations of a language (a msgid missing everywhere is shown in
    English) and the problems of the files that could not be read."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    problems: list[str] = []
    if lang == ENGLISH:
        return chain, problems
    first: gettext.NullTranslations | None = None
    for po in catalogue_files(lang):
        try:
            loaded = compiled(po)
        except CatalogueError as exc:
            problems.append(str(exc))
            continue
        loaded = _copy(loaded)
        if first is None:
            first = loaded
        else:
            first.add_fallback(loaded)
    return (first or chain), problems


def _copy(loaded: gettext.GNUTranslations) -> gettext.GNUTranslations:
    """A fresh object over the cached catalogue (add_fallback chains are per load)."""
    copy = gettext.GNUTranslations()
    copy._catalog = loaded._catalog  # type: ignore[attr-defined]
    copy.plural = loaded.plural  # type: ignore[method-assign]
    copy._info = loaded._info  # type: ignore[attr-defined]
    copy._charset = loaded._charset  # type: ignore[attr-defined]
    return copy


_state: dict[str, object] = {"lang": ENGLISH, "tr": gettext.NullTranslations(),
                             "problems": []}


def set_language(lang: str) -> list[str]:
    """Show every text from now on in `lang` (English for a code not offered); returns the
    problems of the catalogue files that were skipped (each `file:line: problem`)."""
    code = lang if lang in LANGUAGES else ENGLISH
    tr, problems = translations_for(code)
    _state.update(lang=code, tr=tr, problems=problems)
    return problems


def language() -> str:
    """The language texts are shown in now."""
    return str(_state["lang"])


def problems() -> list[str]:
    """The catalogue files the current language skipped (empty when all were read)."""
    return list(_state["problems"])  # type: ignore[call-overload]


def _(message: str) -> str:
    """`message` in the player's language (itself when not translated)."""
    if not message:
        return message  # gettext("") is the catalogue's header
    return _state["tr"].gettext(message)  # type: ignore[attr-defined]


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the player's language."""
    return _state["tr"].ngettext(singular, plural, n)  # type: ignore[attr-defined]


def N_(message: str) -> str:
    """Marks a msgid for extraction where it is defined (a table of labels); `_` it where
    it is shown, so it follows a language change."""
    return message


# -- completeness (tabula validate) ---------------------------------------------------------
def area_of(refs: tuple[str, ...]) -> str:
    """Which catalogue file a msgid belongs in: the one game whose screens or resources use
    it (`crawl.po`, ...), or `shell.po` for one the shared screens or two games use (a "Back"
    of the shell and a game's stays in shell.po, whichever file was extracted first)."""
    areas = {_area_of_ref(ref) for ref in refs}
    return areas.pop() if len(areas) == 1 else "shell"


def _area_of_ref(ref: str) -> str:
    parts = Path(ref).parts
    if len(parts) > 2 and parts[:2] in (("game", "scenes"), ("game", "systems")) and \
            parts[2] in GAME_AREAS:
        return parts[2]
    if len(parts) > 1 and parts[0] == "resources" and parts[1] in GAME_AREAS:
        return parts[1]
    return "shell"


GAME_AREAS = ("strike", "conquest", "crawl", "kingdom")


def template_entries() -> list[Entry]:
    """The msgids of the game (`resources/locale/tabula.pot`); none when it is missing."""
    template = locale_root() / TEMPLATE
    if not template.is_file():
        return []
    return parse_po(template)[1]


def broken_catalogues(folder: Path) -> list[str]:
    """`file:line: problem` of each `.po` under a locale folder (the game's or a mod's
    `locale/`) that cannot be read; the game shows English for those."""
    out = []
    for po in sorted(folder.glob("*/LC_MESSAGES/*.po")):
        try:
            parse_po(po)
        except CatalogueError as exc:
            out.append(f"{exc} (English is shown for this file)")
    return out


def missing_entries(lang: str, areas: tuple[str, ...] | None = None) -> list[str]:
    """Each entry of the template that `lang` does not translate, with the file it belongs in
    (`file:line` when it is there with an empty msgstr) and its msgid: English is shown for
    it. Only the areas given (default: all); a file that cannot be read translates nothing
    (`broken_catalogues` names it)."""
    root = locale_root() / lang / "LC_MESSAGES"
    out: list[str] = []
    translated: set[str] = set()
    empty: dict[str, str] = {}
    for po in sorted(root.glob("*.po")):
        try:
            _header_fields, entries = parse_po(po)
        except CatalogueError:
            continue
        for e in entries:
            done = not e.fuzzy and (all(e.plural) and bool(e.plural)
                                    if e.plural_id is not None else bool(e.msgstr))
            if done:
                translated.add(e.msgid)
            else:
                empty.setdefault(e.msgid, f"{po}:{e.line}")
    for e in template_entries():
        area = area_of(e.refs)
        if e.msgid in translated or (areas is not None and area not in areas):
            continue
        where = empty.get(e.msgid) or str(root / f"{area}.po")
        out.append(f"{where}: msgid {e.msgid!r} not translated to {lang} (English is shown)")
    return out
