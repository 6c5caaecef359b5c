"""Tests of the strike mode (spec strike.md)."""
