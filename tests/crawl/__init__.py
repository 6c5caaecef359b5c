"""Card Crawl tests (spec crawl.md): scenarios, systems, rejections, content, mods, properties.

A package, so its module names (`crawl.test_properties`...) never clash with other modes' tests.
"""
