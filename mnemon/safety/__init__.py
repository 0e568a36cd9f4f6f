"""What may be stored and shown: secrets and ``<private>`` spans redacted before anything is
written (``redact``, with its secret words and forms, entropy and address checks), and
instructions aimed at the model flagged and quoted (``guard``).

Functions over text: they import only the standard library and each other.
"""
