"""The rules' shared vocabulary: tiles, cards, events, the ``Game`` contract, words. Pure: no Flask, SQL or I/O.

Each game's own rules live in its folder, ``referee/games/<game>/rules/``; ``referee.games.GAMES``
finds a game by its record-format id.
"""
