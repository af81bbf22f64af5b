"""Searching deals, above ``core``: ``solver`` (perfect-information search), ``estimate`` (values
sampled over the unseen cards), ``observe`` (what one seat has seen, and made-up deals that agree
with it), ``hand_value`` (a rough value of a hand) and ``memo`` (costly results kept by content).
"""
