"""No text cut short in a select (issue 21, part 5): each option of every select in the
settings dialog (a custom rule set shows them all) and the "Play online" dialog fits
its select, in German and English, on a 360 px phone and a desktop."""

from __future__ import annotations

import pytest

from tests.e2e.online_support import OnlinePage
from tests.e2e.pages import GamePage
from tests.e2e.support import record_errors

# Each option's text, measured in the select's own font, against the room inside the
# select (its width less padding, border and the arrow).
CUT = """(root) => {
  const canvas = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const select of document.querySelectorAll(root + ' select')) {
    const style = getComputedStyle(select);
    canvas.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 20;
    for (const option of select.options) {
      const width = canvas.measureText(option.text).width;
      if (width > room) {
        out.push(`${select.name}: "${option.text}" ${Math.round(width)} > ${Math.round(room)}`);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("width", [360, 1280])
def test_the_settings_selects_show_their_whole_text(browser, site_url, lang, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    game = GamePage(page).open(site_url, f"?seed=3&speed=0&lang={lang}&bots=2")
    settings = game.settings.open()
    settings.choose(preset="custom", difficulty="per_bot")
    cut = page.evaluate(CUT, "[data-testid=settings]")
    assert cut == [], "\n".join(cut)
    context.close()
    assert errors == [], errors


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("width", [360, 1280])
def test_the_online_dialog_selects_show_their_whole_text(browser, site_url, signal, lang, width):
    person = OnlinePage(browser, site_url, signal.url, width=width)
    person.query = person.query.replace("lang=en", f"lang={lang}")
    person.open_dialog()
    cut = person.page.evaluate(CUT, "[data-testid=online]")
    assert cut == [], "\n".join(cut)
    errors = person.errors
    person.close()
    assert errors == [], errors
