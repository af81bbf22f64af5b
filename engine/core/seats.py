"""Where each seat sits as seen by one player: the words a table uses for the others."""

from __future__ import annotations


def seat_places(players: int, partnership: bool, mover: int) -> list[str]:
    """Where each seat sits as seen by the player to move: you, left, right, partner or across."""
    places = []
    for seat in range(players):
        offset = (seat - mover) % players
        if offset == 0:
            places.append("you")
        elif players == 2:
            places.append("across")
        elif offset == 1:
            places.append("left")
        elif offset == players - 1:
            places.append("right")
        else:
            places.append("partner" if partnership else "across")
    return places
