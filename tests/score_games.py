"""A whole game of the FAQ rules entered on a score sheet, shared by the score sheet's tests
(tests/test_present_score.py, tests/e2e/test_score.py): three players, last trick 20, Porvoo;
seat 0 deals first; it reaches 500 in a tie (Kaisa and Eero)."""

FAQ_GAME = [
    # a raise: Eero bids 60 and raises to 70; 60 + 20 + hearts 100 = 180
    {
        "bidder": 1,
        "bid": 60,
        "contract": 70,
        "points": [30, 60, 30],
        "last_trick": 1,
        "declarations": [{"suit": "H", "seat": 1}],
    },
    # Porvoo: Aino takes no trick and loses Kaisa's bid; Kaisa has exactly her 60
    {"bidder": 2, "bid": 60, "points": [0, 60, 60], "last_trick": 1, "no_tricks": [0]},
    # a failed contract: 70 < 100
    {"bidder": 0, "bid": 100, "points": [70, 30, 20], "last_trick": 1},
    {
        "bidder": 1,
        "bid": 200,
        "points": [0, 80, 40],
        "last_trick": 1,
        "declarations": [{"suit": "H", "seat": 1}, {"suit": "D", "seat": 1}],
    },
    {"bidder": 2, "bid": 150, "points": [10, 30, 80], "last_trick": 2, "declarations": [{"suit": "C", "seat": 2}]},
    # Kaisa 90 + 20 + 100 makes 200: 500; Eero 30 + spades 40: 500 as well
    {
        "bidder": 2,
        "bid": 200,
        "points": [0, 30, 90],
        "last_trick": 2,
        "declarations": [{"suit": "H", "seat": 2}, {"suit": "S", "seat": 1}],
    },
]
