"""The catalogues (game.i18n, docs/i18n.md): compiled at load from `.po`, English for what a
catalogue lacks or cannot read, a mod's catalogue for its own texts."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import _, ngettext

HEADER = ('msgid ""\nmsgstr ""\n"Language: pt_BR\\n"\n'
          '"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n')


def write_po(folder, name, body, lang="pt_BR"):
    path = folder / lang / "LC_MESSAGES" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.fixture
def locale(tmp_path, monkeypatch):
    root = tmp_path / "locale"
    root.mkdir()
    monkeypatch.setattr(i18n, "locale_root", lambda: root)
    return root


def test_a_catalogue_translates_and_falls_back_to_english(locale):
    write_po(locale, "shell.po",
             '#: game/scenes/menu.py:1\nmsgid "Quit"\nmsgstr "Sair"\n\n'
             'msgid "Say \\"hi\\""\nmsgstr "Diga \\"oi\\"\\n"\n"e mais"\n\n'
             'msgid "Untranslated"\nmsgstr ""\n\n'
             '#, fuzzy\nmsgid "Guessed"\nmsgstr "Chute"\n\n'
             'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carta"\n'
             'msgstr[1] "{n} cartas"\n')
    assert i18n.set_language("pt_BR") == []
    assert i18n.language() == "pt_BR"
    assert _("Quit") == "Sair"
    assert _('Say "hi"') == 'Diga "oi"\ne mais'
    assert _("Untranslated") == "Untranslated"  # an empty msgstr: English is shown
    assert _("Guessed") == "Guessed"  # a fuzzy one too
    assert _("Never heard of") == "Never heard of"
    assert _("") == ""  # not the catalogue's header
    # pt_BR's plural rule: 0 and 1 are singular
    assert [ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "{n} carta", "{n} carta", "{n} cartas"]
    i18n.set_language("en")
    assert _("Quit") == "Quit"
    assert i18n.set_language("xx") == [] and i18n.language() == "en"  # not offered: English


def test_a_broken_catalogue_names_its_file_and_line_and_the_rest_still_loads(locale):
    write_po(locale, "crawl.po", 'msgid "Deck"\nmsgstr "Baralho"\n')
    broken = write_po(locale, "shell.po", 'msgid "Quit"\nmsgstr "Sair"\n\nmsgid "Back\n')
    problems = i18n.set_language("pt_BR")
    assert problems == [f"{broken}:10: expected a quoted string, not '\"Back'"]
    assert _("Quit") == "Quit" and _("Deck") == "Baralho"
    assert i18n.broken_catalogues(locale) == [problems[0] + " (English is shown for this file)"]


@pytest.mark.parametrize("body, line, says", [
    ('msgid "A"\n', 7, "msgid without a msgstr"),
    ('msgstr "A"\n', 7, "msgstr twice in one entry"),
    ('msgid "A"\nmsgid "B"\nmsgstr ""\n', 8, "msgid twice in one entry"),
    ('msgid "A"\nmsgfoo "B"\n', 8, "unknown keyword 'msgfoo'"),
    ('msgid "A"\nmsgstr[x] "B"\n', 8, "unknown keyword 'msgstr[x]'"),
    ('msgid A\nmsgstr ""\n', 7, "expected a quoted string"),
])
def test_each_kind_of_broken_line_is_named(locale, body, line, says):
    path = write_po(locale, "shell.po", body)
    with pytest.raises(i18n.CatalogueError) as caught:
        i18n.parse_po(path)
    assert str(caught.value).startswith(f"{path}:{line}: {says}")


def test_a_file_that_is_not_utf8_is_named(locale):
    path = write_po(locale, "shell.po", "")
    path.write_bytes(b'msgid "\xff"\nmsgstr ""\n')
    assert i18n.set_language("pt_BR")[0].startswith(f"{path}:1: not UTF-8")


def test_a_mod_ships_its_own_catalogue(locale, tmp_path, monkeypatch):
    from game.engine import resources

    write_po(locale, "shell.po", 'msgid "Quit"\nmsgstr "Sair"\n')
    mod = tmp_path / "mods" / "frost"
    write_po(mod / "locale", "frost.po",
             'msgid "Frost Giant"\nmsgstr "Gigante de Gelo"\n\nmsgid "Quit"\nmsgstr "Fora"\n')
    monkeypatch.setattr(resources, "mod_folders", lambda: [mod])
    i18n.set_language("pt_BR")
    assert _("Frost Giant") == "Gigante de Gelo"
    assert _("Quit") == "Sair"  # the game's own catalogue comes first
    assert _("Ice Wall") == "Ice Wall"  # a mod's text nobody translated stays English


def test_a_changed_file_is_compiled_again(locale):
    path = write_po(locale, "shell.po", 'msgid "Quit"\nmsgstr "Sair"\n')
    i18n.set_language("pt_BR")
    assert _("Quit") == "Sair"
    path.write_text(HEADER + 'msgid "Quit"\nmsgstr "Sair do jogo"\n', encoding="utf-8")
    i18n.set_language("pt_BR")
    assert _("Quit") == "Sair do jogo"


def test_missing_entries_name_the_file_they_belong_in(locale):
    (locale / "tabula.pot").write_text(
        '#: game/scenes/menu.py:3\nmsgid "Quit"\nmsgstr ""\n\n'
        '#: game/scenes/crawl/play.py:9 resources/crawl/deck.toml:4\nmsgid "Deck"\nmsgstr ""\n\n'
        '#: game/scenes/pause.py:5\nmsgid "Paused"\nmsgstr ""\n\n'
        '#: resources/strike/units.toml:2\nmsgid "Knight"\nmsgstr ""\n', encoding="utf-8")
    shell = write_po(locale, "shell.po", 'msgid "Quit"\nmsgstr "Sair"\n\nmsgid "Paused"\n'
                     'msgstr ""\n')
    folder = locale / "pt_BR" / "LC_MESSAGES"
    assert i18n.missing_entries("pt_BR", ("shell", "crawl")) == [
        f"{folder / 'crawl.po'}: msgid 'Deck' not translated to pt_BR (English is shown)",
        f"{shell}:10: msgid 'Paused' not translated to pt_BR (English is shown)",
    ]
    assert len(i18n.missing_entries("pt_BR")) == 3  # strike's too


def test_the_shipped_catalogues_read_without_a_problem():
    """Every .po the game ships parses, and English never loads a file."""
    assert i18n.broken_catalogues(i18n.locale_root()) == []
    assert i18n.set_language("pt_BR") == []
    assert i18n.set_language("en") == [] and _("Quit") == "Quit"


@pytest.mark.slow
def test_no_scene_module_that_translates_binds_the_name_underscore():
    """`_` is gettext in every module that translates: a `for _ in ...`, `a, _ = ...` or
    `**_` in the module would make `_("...")` there an unbound local, a tuple item or a dict
    (and ruff then calls the import unused)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "game"
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports_it = any(isinstance(n, ast.ImportFrom) and n.module == "game.i18n"
                         and any(a.name == "_" for a in n.names) for n in ast.walk(tree))
        translates = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                         and n.func.id == "_" and n.args and isinstance(n.args[0], ast.Constant)
                         for n in ast.walk(tree))
        if translates and not imports_it:
            found.append(f"{path.relative_to(root.parent)}: calls _() without game.i18n's")
        if not (imports_it or translates):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}")
            elif isinstance(node, ast.arg) and node.arg == "_":
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    assert found == []


@pytest.mark.parametrize(("refs", "area"), [
    (("game/scenes/conquest/base.py", "resources/conquest/cards.toml"), "conquest"),
    (("game/scenes/conquest/base.py", "game/scenes/menu.py"), "shell"),  # shared: the shell's
    (("game/scenes/conquest/base.py", "game/scenes/crawl/play.py"), "shell"),  # two games'
    (("game/scenes/menu.py",), "shell"),
    ((), "shell"),
])
def test_a_msgid_is_in_its_one_game_s_file_or_the_shell_s(refs, area):
    assert i18n.area_of(refs) == area
