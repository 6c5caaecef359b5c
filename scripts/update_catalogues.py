"""Extract every msgid into resources/locale/tabula.pot and update each language's catalogues.

    python scripts/update_catalogues.py

Runs `pybabel extract` (babel.cfg; Babel is in the dev extra), then writes, for each language
of game.i18n.LANGUAGES but English, one `.po` per area (`shell.po`, `crawl.po`, ...: the game
whose screens or resource files use the msgid) under resources/locale/<lang>/LC_MESSAGES/,
keeping every translation already made and adding the new msgids with an empty msgstr (English
is shown for them, and `tabula validate` names them). Msgids no longer in the template are
dropped. See docs/i18n.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import (  # noqa: E402
    ENGLISH,
    LANGUAGES,
    LOCALE_FOLDER,
    TEMPLATE,
    area_of,
    parse_po,
)

LOCALE = ROOT / "resources" / LOCALE_FOLDER
PLURAL_FORMS = {"pt_BR": "nplurals=2; plural=(n > 1);"}


def quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def main() -> int:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract",
                    "-F", "babel.cfg", "-o", str(LOCALE / TEMPLATE), "--no-wrap",
                    "--omit-header", "-k", "N_", "-k", "ngettext:1,2", "-k", "esc_clears", "--sort-by-file", "."],
                   cwd=ROOT, check=True)
    template = parse_po(LOCALE / TEMPLATE)[1]
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        folder = LOCALE / lang / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        known = {e.msgid: e for po in sorted(folder.glob("*.po")) for e in parse_po(po)[1]}
        areas: dict[str, list[str]] = {}
        for entry in template:
            old = known.get(entry.msgid)
            lines = [f"#: {' '.join(sorted(set(entry.refs)))}"] if entry.refs else []
            if old is not None and old.fuzzy:
                lines.append("#, fuzzy")
            lines.append(f"msgid {quote(entry.msgid)}")
            if entry.plural_id is not None:
                lines.append(f"msgid_plural {quote(entry.plural_id)}")
                forms = old.plural if old is not None and old.plural else ("", "")
                lines += [f"msgstr[{n}] {quote(f)}" for n, f in enumerate(forms)]
            else:
                lines.append(f"msgstr {quote(old.msgstr if old is not None else '')}")
            areas.setdefault(area_of(entry.refs), []).append("\n".join(lines))
        for area, blocks in areas.items():
            header = ("msgid \"\"\nmsgstr \"\"\n"
                      f"\"Language: {lang}\\n\"\n"
                      "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
                      f"\"Plural-Forms: {PLURAL_FORMS.get(lang, 'nplurals=2; plural=(n != 1);')}\\n\"\n")
            (folder / f"{area}.po").write_text(
                f"# Tabula: {area} in {LANGUAGES[lang]} (docs/i18n.md)\n{header}\n"
                + "\n\n".join(blocks) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
