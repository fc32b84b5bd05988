"""Persistence: tables, seats and their append-only event logs; state is always a replay."""
