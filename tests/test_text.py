"""Tokens, entities and cues used by both the write and read paths."""

from __future__ import annotations

from mnemon.engine import text


def test_tokens_drop_stopwords_and_stem() -> None:
    assert text.tokens("Why did we choose the databases?") == ["choos", "databas"]
    assert text.tokens("decisions") == text.tokens("decision")
    assert text.tokens("paged") == text.tokens("pages") == ["page"]  # Porter, as FTS5 stems
    assert text.tokens("") == []


def test_cjk_bigrams() -> None:
    toks = text.tokens("为什么选择数据库")
    assert "数据" in toks and "选择" in toks


def test_entities_from_regex_dictionary_and_known() -> None:
    ents = text.extract_entities("Moved HttpServer config to ./cmd/root.go; ask @alice about Redis and API limits",
                                 known={"billing service"})
    assert {"HttpServer", "@alice", "Redis", "API"} <= set(ents)
    assert any(e.endswith("root.go") for e in ents)
    assert "billing service" in [e.lower() for e in text.extract_entities("the Billing Service is down",
                                                                           known={"billing service"})]
    assert "THE" not in text.extract_entities("THE END IS NEAR")


def test_causal_and_negation_cues() -> None:
    assert text.has_causal_cue("We chose SQLite because it needs no server")
    assert not text.has_causal_cue("SQLite is a database")
    assert text.causal_subtype("the cache prevents timeouts") == "prevents"
    assert text.causal_subtype("the index enables fast lookups") == "enables"
    assert text.has_negation("we no longer use Jenkins")
    assert text.has_negation("switched from Jenkins to Actions")
    assert not text.has_negation("we use Jenkins")


def test_fts_query_quotes_and_bounds_work() -> None:
    assert text.fts_query('what about "quotes"?') == '"quot"'
    assert text.fts_query("the and of") is None
    df = {"common": 5000, "rare": 3, "mid": 100}
    q = text.fts_query("common rare mid", freq=lambda w: df.get(w, 0), budget=500)
    assert q is not None and "common" not in q and '"rare"' in q and '"mid"' in q
    # the terms are the engine's tokens (what the keyword index holds), in query order
    assert text.fts_query("Paged the servers about state-of-the-art caches") == (
        '"page" OR "server" OR "state-of-the-art" OR "cach"')
    assert text.fts_query("数据库") == '"数据" OR "据库"'
    # stopwords are indexed as a placeholder (they count toward BM25's document length) that no
    # query holds
    assert text.index_tokens("We paged the on-call") == [text.PLACEHOLDER, "page", text.PLACEHOLDER, "on-cal"]
    assert text.fts_query("中_文") == '"中" OR "文"'
    # equal counts keep query order
    q = text.fts_query("alpha beta gamma", freq=lambda w: 300, budget=500)
    assert q == '"alpha" OR "beta"'


def test_time_periods() -> None:
    assert text.time_periods("When did we ship in July?") == ((None, 7),)
    assert text.time_periods("what did we decide in May 2023") == ((2023, 5),)
    assert text.time_periods("you may go, we decided") == ()
    assert text.time_periods("the 2022 roadmap") == ((2022, None),)
    july_2023 = 1_689_000_000.0  # 2023-07-10
    assert text.in_periods(july_2023, [(None, 7)]) and text.in_periods(july_2023, [(2023, None)])
    assert not text.in_periods(july_2023, [(2022, 7)])


def test_stemming_from_many_threads_at_once_gives_each_its_own_answer() -> None:
    # the daemon tokenizes on its reader threads and its writer at once; a stemmer shared between
    # them mixed two words up or raised "string index out of range" in the middle of an inject
    import sys
    from concurrent.futures import ThreadPoolExecutor

    words = [f"{root}{suffix}" for root in ("connect", "migrat", "retri", "configur", "deploy", "index")
             for suffix in ("ing", "ed", "ations", "ational", "ness", "izer", "fulness", "ously")] * 400
    expected = {w: text.stem(w) for w in set(words)}
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            answers = list(pool.map(lambda chunk: [(w, text.stem(w)) for w in chunk],
                                    [words[i::4] for i in range(4)]))
    finally:
        sys.setswitchinterval(before)
    wrong = [(w, got) for chunk in answers for w, got in chunk if got != expected[w]]
    assert not wrong, wrong[:5]


def test_words_of_quantity_and_place_without_content_are_stopwords() -> None:
    from mnemon.engine import text as _text

    assert _text.tokens("in every project, anything anywhere") == ["project"]


def test_a_name_in_code_adds_the_words_it_is_made_of() -> None:
    assert text.tokens("ORDER_BATCH_MAX_ROWS = 120")[:5] == ["order_batch_max_row", "order", "batch", "max", "row"]
    assert text.tokens("RetryBudgetPolicy") == ["retrybudgetpolici", "retri", "budget", "polici"]
    assert text.tokens("shipped_at_utc") == ["shipped_at_utc", "ship", "utc"]
    # ordinary words, capitalised or shouted, are one token each
    assert text.tokens("Paris sent HTTP headers") == ["pari", "sent", "http", "header"]
    # the index holds the parts; a query is read by its words as typed
    assert "order" in text.index_tokens("ORDER_BATCH_MAX_ROWS") and text.query_tokens("ORDER_BATCH_MAX_ROWS") == \
        frozenset({"order_batch_max_row"})


def test_function_words_of_other_languages_are_stopwords() -> None:
    # a French, German or Spanish prompt and an unrelated note in the same language share only these
    assert text.query_tokens("Comment est-ce qu'on lance les tests dans le conteneur ?") >= {"lanc", "test"}
    assert not text.query_tokens("les une dans avec pour sur der und los con para")
    note = set(text.tokens("La sauvegarde des factures part sur le serveur de secours chaque nuit"))
    prompt = text.query_tokens("Ajoute une colonne pour la date dans le tableau des commandes")
    assert not note & prompt, note & prompt
    # English words of substance that look like another language's function words stay
    assert {"die", "per", "van", "door", "men", "var"} <= set(text.tokens("die per van door men var"))
    assert {"ci", "io", "os", "vi", "mit", "eu", "em", "del"} <= text.query_tokens("ci io os vi mit eu em del")


def test_an_elided_article_leaves_the_word_it_is_attached_to() -> None:
    assert text.tokens("l'aire d'un maillage, dell'utente") == ["air", "maillag", "utent"]
    assert text.tokens("the user's session") == ["user", "session"]
    assert text.query_tokens("qu'on exporte l'inventaire") == {"export", "inventair"}
