"""The rules of the game and their text, the engine's bottom layer: it imports nothing above it.

``cards``, ``rules`` (rule sets and presets), ``actions``, ``play`` (legal cards, trick winner),
``declare`` (trumps and pairs), ``deal`` (the state machine of one deal), ``scoring``, ``match``,
``notation`` (positions and records as text: the only module that parses and formats them),
``messages`` (reason codes), ``seats`` and ``tally`` (the score sheet of a real table).
"""
