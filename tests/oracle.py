"""A deliberately simple legality oracle, written straight from the rule texts.

It shares no code with the engine: cards are plain strings like "DK" (suit letter, rank letter),
options are a plain dict. It answers one question per card ("may this card be played?") by
reading the duties in the order S1 lists them, instead of building the allowed set as the
engine does.
"""

NORMAL_ORDER = "6789JQKTA"  # low to high: the ten above the king (S0, S1, S2)
UKRAINIAN_ORDER = "6789TJQKA"  # S3 as written: 6 7 8 9 10 J Q K A


def power(card, options):
    order = UKRAINIAN_ORDER if options["ten_below_jack"] else NORMAL_ORDER
    return order.index(card[1])


def trick_winner(trick, trump, options):
    """Index of the winning card: the highest trump if any trump was played, else the highest
    card of the suit led."""
    trumps = [i for i, c in enumerate(trick) if trump is not None and c[0] == trump]
    candidates = trumps or [i for i, c in enumerate(trick) if c[0] == trick[0][0]]
    return max(candidates, key=lambda i: power(trick[i], options))


def may_play(card, hand, trick, trump, first_trick, options):
    if card not in hand:
        return False
    if not trick:
        if first_trick and options["first_lead"] == "ace_then_spade":
            if any(c[1] == "A" for c in hand):
                return card[1] == "A"
            if any(c[0] == "S" for c in hand):
                return card[0] == "S"
        return True
    led = trick[0][0]
    my_led = [c for c in hand if c[0] == led]
    if my_led:
        if card[0] != led:
            return False
        if first_trick and options["ace_must_show"] and led + "A" in hand:
            return card == led + "A"
        if options["must_overtake"]:
            if options["overtake_against_winner"]:
                best = trick[trick_winner(trick, trump, options)]
                to_beat = power(best, options) if best[0] == led else None
            else:
                to_beat = max(power(c, options) for c in trick if c[0] == led)
            if to_beat is not None and any(power(c, options) > to_beat for c in my_led):
                return power(card, options) > to_beat
        return True
    my_trumps = [c for c in hand if trump is not None and c[0] == trump]
    if options["must_trump"] and my_trumps:
        if card[0] != trump:
            return False
        if options["must_overtrump"]:
            in_trick = [power(c, options) for c in trick if c[0] == trump]
            if in_trick and any(power(c, options) > max(in_trick) for c in my_trumps):
                return power(card, options) > max(in_trick)
        return True
    return True


def legal(hand, trick, trump, first_trick, options):
    return {c for c in hand if may_play(c, hand, trick, trump, first_trick, options)}
