"""Card faces and names: every card of every deck and style renders safe,
valid, labelled SVG, and the names people read are the right ones."""

import re
import xml.etree.ElementTree as ET

import pytest

from app.cards.names import card_name, card_short, rank_name, suit_name
from app.cards.suits import suit_symbol_svg
from app.cards.svg import back_svg, card_svg
from engine import Card, InvalidInputError, Rank, Suit, make_deck

SVG_NS = "{http://www.w3.org/2000/svg}"
STYLE_DECKS = [
    (style, deck) for style in ("french", "german", "swiss") for deck in (32, 36, 52)
]


def all_cards():
    return make_deck(52)


def parse(svg):
    return ET.fromstring(svg)


@pytest.mark.parametrize("style", ["french", "german", "swiss"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_is_valid_labelled_self_contained_svg(style, lang):
    for card in all_cards():
        for selected in (False, True):
            svg = card_svg(card, style, lang=lang, selected=selected)
            root = parse(svg)
            assert root.tag == SVG_NS + "svg"
            assert root.get("role") == "img"
            assert root.get("aria-label") == card_name(card, style, lang)
            assert root.get("viewBox") == "0 0 100 140"
            assert root.get("width") is None and root.get("height") is None
            low = svg.lower()
            assert "<script" not in low
            assert "href" not in low
            assert "url(" not in low
            assert " id=" not in low
            assert re.search(r"\bon[a-z]+=", low) is None


def test_decks_of_each_size_render_for_each_style():
    for style, deck in STYLE_DECKS:
        faces = [card_svg(c, style) for c in make_deck(deck)]
        assert len(set(faces)) == deck


def test_card_text_and_card_give_the_same_face():
    assert card_svg("10H") == card_svg(Card.parse("10H"))
    assert card_svg("qs", "german", lang="en") == card_svg(Card.parse("QS"), "german", lang="en")


def test_output_is_deterministic():
    first = [card_svg(c, s) for c in all_cards() for s in ("french", "german", "swiss")]
    second = [card_svg(c, s) for c in all_cards() for s in ("french", "german", "swiss")]
    assert first == second
    assert back_svg() == back_svg()


def test_selected_face_differs_and_is_marked():
    plain, chosen = card_svg("AS"), card_svg("AS", selected=True)
    assert plain != chosen
    # The mark is a thick border (a shape, not only a colour).
    widths = [float(r.get("stroke-width")) for r in parse(chosen).iter(SVG_NS + "rect")]
    assert max(widths) >= 4


@pytest.mark.parametrize("lang,label", [("de", "verdeckte Karte"), ("en", "face-down card")])
def test_back(lang, label):
    svg = back_svg(lang=lang)
    root = parse(svg)
    assert root.get("role") == "img" and root.get("aria-label") == label
    assert "<script" not in svg and "href" not in svg
    for card in all_cards():
        assert svg != card_svg(card)


@pytest.mark.parametrize("style", ["french", "german", "swiss"])
def test_suits_have_distinct_symbols(style):
    symbols = {suit_symbol_svg(s, style) for s in Suit}
    assert len(symbols) == 4
    # Shapes differ, not just colours: strip the colours and compare the geometry.
    shapes = {re.sub(r'(fill|stroke)="[^"]*"', "", suit_symbol_svg(s, style)) for s in Suit}
    assert len(shapes) == 4


@pytest.mark.parametrize(
    "text,style,lang,name",
    [
        ("KH", "french", "de", "Herz König"),
        ("AS", "french", "de", "Pik Ass"),
        ("JD", "french", "de", "Karo Bube"),
        ("QC", "french", "de", "Kreuz Dame"),
        ("7D", "french", "de", "Karo 7"),
        ("KH", "french", "en", "King of Hearts"),
        ("AS", "french", "en", "Ace of Spades"),
        ("2C", "french", "en", "2 of Clubs"),
        ("JC", "german", "de", "Eichel Unter"),
        ("QS", "german", "de", "Grün Ober"),
        ("AD", "german", "de", "Schelle Ass"),
        ("10H", "german", "de", "Herz 10"),
        ("JC", "german", "en", "Under of Acorns"),
        ("QD", "german", "en", "Ober of Bells"),
        ("10H", "swiss", "de", "Rosen Banner"),
        ("JC", "swiss", "de", "Eicheln Under"),
        ("6S", "swiss", "de", "Schilten 6"),
        ("KD", "swiss", "de", "Schellen König"),
        ("10H", "swiss", "en", "Banner of Roses"),
        ("AS", "swiss", "en", "Ace of Shields"),
    ],
)
def test_card_names(text, style, lang, name):
    assert card_name(text, style, lang) == name
    assert card_name(Card.parse(text), style=style, lang=lang) == name


def test_suit_and_rank_names_exist_in_both_languages_and_differ():
    for style in ("french", "german", "swiss"):
        for lang in ("de", "en"):
            suits = [suit_name(s, style, lang) for s in Suit]
            ranks = [rank_name(r, style, lang) for r in Rank]
            assert len(set(suits)) == 4 and all(suits)
            assert len(set(ranks)) == 13 and all(ranks)
    assert suit_name(Suit.SPADES, "german", "de") == "Grün"
    assert suit_name("D", "swiss", "en") == "Bells"
    assert rank_name(Rank.QUEEN, "german", "de") == "Ober"
    assert rank_name(Rank.TEN, "swiss", "de") == "Banner"
    assert rank_name(14, "french", "en") == "Ace"


@pytest.mark.parametrize(
    "text,style,lang,short",
    [
        ("KH", "french", "en", "K♥"),
        ("10D", "french", "en", "10♦"),
        ("JS", "french", "en", "J♠"),
        ("JS", "french", "de", "B♠"),
        ("QC", "french", "de", "D♣"),
        ("KH", "german", "de", "Herz-K"),
        ("JC", "german", "de", "Eichel-U"),
        ("JC", "german", "en", "Acorns-U"),
        ("10H", "swiss", "de", "Rosen-B"),
        ("AS", "swiss", "de", "Schilten-A"),
    ],
)
def test_short_forms(text, style, lang, short):
    assert card_short(text, style, lang) == short


def test_index_letters_on_the_face():
    def texts(svg):
        return [t.text for t in parse(svg).iter(SVG_NS + "text")]

    assert texts(card_svg("QH", "german")) == ["O", "O"]
    assert texts(card_svg("JH", "swiss")) == ["U", "U"]
    assert texts(card_svg("10H", "swiss")) == ["B", "B"]
    assert texts(card_svg("10H", "german")) == ["10", "10"]
    assert texts(card_svg("JH", "french", lang="en")) == ["J", "J"]
    assert texts(card_svg("JH", "french", lang="de")) == ["B", "B"]


@pytest.mark.parametrize("bad", ["", "1H", "11H", "KX", "H", "10", "KHH", None, 13])
def test_bad_card_raises_invalid_input(bad):
    with pytest.raises(InvalidInputError):
        card_svg(bad)
    with pytest.raises(InvalidInputError):
        card_name(bad)


def test_bad_style_and_lang_say_what_is_allowed():
    with pytest.raises(ValueError, match=r"'tarot'.*french.*german.*swiss"):
        card_svg("KH", "tarot")
    with pytest.raises(InvalidInputError, match="'fr'"):
        card_svg("KH", lang="fr")
    with pytest.raises(InvalidInputError, match="'fr'"):
        back_svg(lang="fr")
    with pytest.raises(InvalidInputError):
        card_name("KH", "French")


@pytest.mark.parametrize("style", ["french", "german", "swiss"])
def test_faces_show_their_own_suit_the_right_number_of_times(style):
    """Number cards carry one pip per point plus the two corner symbols; an ace
    one large symbol, the Swiss Banner one on its flag, a court one per half."""
    for card in all_cards():
        svg = card_svg(card, style)
        own = suit_symbol_svg(card.suit, style)
        for other in Suit:
            if other is not card.suit:
                assert suit_symbol_svg(other, style) not in svg, (card, other)
        rank = int(card.rank)
        if card.rank == Rank.ACE or (card.rank == Rank.TEN and style == "swiss"):
            expected = 3
        elif card.rank >= Rank.JACK:
            expected = 4
        else:
            expected = rank + 2
        assert svg.count(own) == expected, (str(card), style)


def test_every_face_differs_between_styles():
    for card in all_cards():
        faces = {card_svg(card, s) for s in ("french", "german", "swiss")}
        assert len(faces) == 3, str(card)
