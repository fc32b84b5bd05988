"""Clubs and their nights: pages, the director's screen, the clubs and sessions API, ratings."""
