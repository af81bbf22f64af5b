"""The coach, above ``players`` and ``puzzles``: ``game`` (the play page's stateless game step,
the story of a deal and the hint), ``review`` (the deal review) and ``drills`` (practice puzzles
made from random deals).
"""
