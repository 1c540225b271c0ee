"""A django-oauth-toolkit authorization server with test controls, for the StreamsAuth tests.

Start it with ``launcher.py`` (one directory up); see README.md there.
"""
