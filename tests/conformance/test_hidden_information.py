"""Nothing more than a seat may know: two matches that differ only in cards a seat has
not seen must look exactly the same to that seat, action by action."""

from engine import Match

from .support import rules, stacked_deck


def twin_matches(r, players, dealer, hands_a, hands_b, extra_a, extra_b, mistery=("", ""),
                 stock=("", "")):  # fmt: skip
    a = stacked_deck(r, players, dealer, hands_a, extra_a, mistery[0], stock[0])
    b = stacked_deck(r, players, dealer, hands_b, extra_b, mistery[1], stock[1])
    return (Match(r, players=players, seed=4, dealer=dealer, deck=a),
            Match(r, players=players, seed=4, dealer=dealer, deck=b))  # fmt: skip


def same_view(ma, mb, viewers, actions):
    for step, action in enumerate([None, *actions]):
        if action is not None:
            ma.apply(action)
            mb.apply(action)
        for v in viewers:
            assert repr(ma.observation(v)) == repr(mb.observation(v)), (step, action, v)
        assert ma.lives() == mb.lives()


def test_other_hands_and_the_stock_are_invisible():
    r = rules("classic", deal="open")
    a = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 0: "KC QC 8S"}
    b = {1: "7C 8D 9H", 2: "KC 8H 10S", 3: "QH 10H JD", 0: "7D QC 8S"}
    ma, mb = twin_matches(r, 4, 0, a, b, "AS KS 9S", "AS KS 9S",
                          stock=("JC 10C 9C 7H AH", "JC 10C 9C AH 7H"))  # fmt: skip
    actions = ["swap 1 0", "swap 2 1", "swap 1 1", "swap 2 2",  # one turn each
               "pass", "pass", "pass", "pass",  # a refresh: JC 10C 9C
               "swap 2 0", "knock", "swap 1 2"]  # fmt: skip
    same_view(ma, mb, [1, 3], actions)
    # seat 2 and seat 0 do see their own cards
    assert ma.observation(2).hand != mb.observation(2).hand


def test_the_chooser_does_not_see_the_other_three():
    r = rules("classic")
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "KC QC 8S"}
    ma, mb = twin_matches(r, 3, 0, hands, hands, "AS KS 9S", "AS 9S KS")
    same_view(ma, mb, [0, 1, 2], [])


def test_the_mistery_card_is_invisible_until_taken():
    r = rules("hosenowi", mistery=True)
    a = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "KC QC 8S"}
    ma, mb = twin_matches(r, 3, 0, a, a, "AS KS 9S", "AS KS 9S", mistery=("JH", "QD"),
                          stock=("JC 10C QD", "JC 10C JH"))  # fmt: skip
    same_view(ma, mb, [0, 1, 2], ["swap 1 0", "swap 2 1"])
    ma.apply("mistery 0")  # seat 0 gives KC, takes the face-down card
    mb.apply("mistery 0")
    for v in (1, 2):  # the others still cannot tell
        assert repr(ma.observation(v)) == repr(mb.observation(v))
    assert ma.observation(0).hand != mb.observation(0).hand
    same_view(ma, mb, [1, 2], ["swap 2 2", "swap 0 2"])


def test_the_given_mistery_card_is_known_only_to_its_giver():
    r = rules("hosenowi", mistery=True)
    a = {1: "7C 8D 9H", 2: "7D 8H 10S", 0: "KC QC 8S"}
    b = {1: "8D 7C 9H", 2: "7D 8H 10S", 0: "KC QC 8S"}  # seat 1's first two swapped
    ma, mb = twin_matches(r, 3, 0, a, b, "AS KS 9S", "AS KS 9S", mistery=("JH", "JH"))
    ma.apply("mistery 0")  # gives 7C (a) or 8D (b) face down
    mb.apply("mistery 0")
    for v in (0, 2):
        assert repr(ma.observation(v)) == repr(mb.observation(v))
    assert ma.observation(1).mistery != mb.observation(1).mistery


def test_hidden_deal_passed_cards_are_invisible_to_others():
    r = rules("classic", deal="hidden", passing=False, pass_refresh=False)
    hands = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 0: "KC QC 8S"}
    ma, mb = twin_matches(r, 4, 0, hands, hands, "AS KS", "AS JS",
                          stock=("JS", "KS"))  # fmt: skip
    # seat 1 keeps its own three and passes the two received on to seat 2, who does the same
    same_view(ma, mb, [3, 0], ["hold 0 1 2"])
    assert ma.observation(2).hand != mb.observation(2).hand  # seat 2 holds them now
    same_view(ma, mb, [0], ["hold 0 1 2"])  # now seat 3 has them; seat 0 cannot know
    assert ma.observation(3).hand != mb.observation(3).hand


def test_luegen_hidden_third_card_is_invisible():
    r = rules("classic", deal="open", luegen=True)
    a = {1: "7C 8D 9H", 2: "7D 8H 10S", 3: "QH 10H JD", 0: "KC QC 8S"}
    b = {1: "7C 8D 9H", 2: "7D 8H 9C", 3: "QH 10H JD", 0: "KC QC 8S"}
    ma, mb = twin_matches(r, 4, 0, a, b, "AS KS 9S", "AS KS 9S",
                          stock=("JC 10C 9C", "JC 10C 10S"))  # fmt: skip
    same_view(ma, mb, [1, 3, 0], ["knock", "pass", "pass", "pass",
                                  "announce 12 show 0 1", "announce 12 show 0 1",
                                  "announce 20 show 0 1", "announce 20 show 0 1"])  # fmt: skip
    # seat 2 decides (tie at 12 with seat 1, the last in playing order) and gives up
    assert ma.current_player() == 2
    ma.apply("giveup")
    mb.apply("giveup")
    for v in (1, 3, 0):
        for m, hidden in ((ma, "10S"), (mb, "9C")):
            o = m.observation(v)
            own = {str(c) for c in (*o.hand, *o.table)}
            if hidden not in own:
                assert f"'{hidden}'" not in repr(o), (v, hidden)
