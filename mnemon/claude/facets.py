"""The kind of work a prompt asks for, and the kind a standing instruction governs.

A standing instruction ("keep commit subjects short", "when you fix a bug, add a regression
test before the fix", "show me the plan before a change that touches many files") rarely
shares its words with the task it governs ("commit this", "fix the crash when the cart is
empty", "move the validations into a module of their own"). What they share is the kind of
work: committing, fixing a bug, a change across many files, writing text people read. Each
facet below lists the everyday words of one kind of work (general vocabulary of the trade,
in British and American spellings; never the names of a project, its facts or its people; a
member starting with ``re:`` is a pattern). Some words name a kind of work only on one side: a
task asks to "explain" or to "send it up", an instruction governs "answers" or "the remote". A
member starting with ``p:`` counts only in a prompt, one starting with ``i:`` only in an
instruction.
:func:`of` gives the facets a text names; the injection counts a facet shared by a prompt and
a standing instruction as evidence that the instruction bears on the prompt.

Facets are narrower than :mod:`mnemon.engine.concepts` groups in one way (only kinds of work
that instructions govern) and broader in another (words of one activity, not synonyms).
Words that name almost any task ("add", "change", "code", "file") are in none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from mnemon.engine import text

# a variable named in capitals and underscores ("BILLING_DRY_RUN"), whatever case the pattern around it ignores
CAPS_NAME = r"(?-i:\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b)"

FACETS: Mapping[str, tuple[str, ...]] = {
    "committing": ("commit", "commits", "committing", "commit message", "commit messages", "pull request",
                   "pull requests", "pr", "prs", "merge request", "merge requests", "squash", "changelog", "subject line",
                   r"p:re:\b(?:wrap|finish|tidy) (?:[\w-]+ ){0,3}up\b", "p:ready to merge", "p:ready for review"),
    # "copy" as the words of a product, not a duplicate ("a copy of the logs") nor copying ("copy it into")
    "text people read": ("message", "messages", r"re:\bcopy\b(?!\s+(?:of|it|them|this|that|these|those|the|a|an|"
                         r"over|into|to|from|across|paste)\b)", "wording", "text", "texts", "label", "labels", "email",
                         "emails", "notification", "notifications", "tooltip", "placeholder", "banner", "toast",
                         "release notes", "user-facing", "user facing", "user-visible", "spelling", "translation",
                         "translations", "i18n", r"re:\blocali[sz]ation\b", "emoji", "greeting", "welcome",
                         "empty state", "strings", "caption", "headline", "prose", "phrasing"),
    "fixing a bug": ("fix", "fixes", "fixing", "bug", "bugs", "bugfix", "crash", "crashes", "regression",
                     "defect", "broken", "repro", "reproduce"),
    "a change across files": ("restructure", "restructuring", "reorganise", "reorganize", "refactor",
                              "refactoring", "rename all", "move all", "callers", "call sites", "across the",
                              "every file", "many files", "several files", "big change",
                              "large change", "sweeping", "codemod", "split the", "extract the", "p:everywhere",
                              r"re:\b(?:edit|editing|touch|touching|chang(?:e|ing)|modify|modifying)\b.{0,30}\bfiles\b"),
    "tests": ("test", "tests", "testing", "spec", "specs", "unit test", "fixture", "fixtures", "coverage", "mock",
              "mocks", "e2e", "end to end", "end-to-end", "integration test"),
    "HTTP and APIs": ("endpoint", "endpoints", "http", "fetch", "webhook", "webhooks", "integrate", "integration",
                      "outbound", "rest api", "graphql", "grpc", "api call", "third-party api", "sdk", "route",
                      "routes", "status code", "pagination", "api", "router", "routers", "controller", "controllers",
                      "handler", "handlers", "p:expose",
                      r"re:\b(?:GET|POST|PUT|PATCH|DELETE) /",
                      r"re:\bcall(?:s|ing)? (?:the|an?|our|their|that) (?:[\w-]+ ){0,2}(?:service|api|server|backend)\b"),
    "schema changes": ("schema", "migration", "migrations", "column", "columns", "add a field", "new field",
                       "entity", "entities", "ddl", "alter table", "database table", "index", "indexes", "table", "tables",
                       "primary key", "foreign key", "new table"),
    "error handling": ("error handling", "exception", "exceptions", "unwrap", "panic", "panics", "raise",
                       "throw", "throws", "error path", "error type", "propagate", "error", "errors", "failure",
                       "failures", "retry", "retries", "bad input", "invalid input", "malformed input",
                       "handle errors", "error case", "error cases", "edge case", "edge cases", "fails silently",
                       "failing silently", "silently", "swallowed", "swallows", "error reporting", "error tracking",
                       # a task to cope with something going wrong ("handle the bank API being down")
                       r"p:re:\bhandle\b[^.?!\n]{0,40}\b(?:fail\w*|being down|goes down|is down|unavailable|timing out|"
                       r"times out|errors?)\b",
                       # the same kind of work named in the other languages the cues cover
                       "i:erreur", "i:erreurs", "i:errore", "i:errori", "i:erro", "i:erros", "i:fehler",
                       "i:fehlermeldung", "i:fehlermeldungen"),
    "writing queries": ("query", "queries", "sql", "orm", "raw sql", "repository", "repositories", "transaction",
                        "transactions", "database", "db", "star select", "star selects", "dbt",
                        "warehouse", "join", "joins"),
    "cloud resources": ("resource", "resources", "terraform", "opentofu", "pulumi", "cloudformation", "cdk",
                        "bucket", "buckets", "sqs", "sns", "s3", "iam", "vpc", "subnet", "subnets", "provider",
                        "providers", "load balancer", "security group", "security groups", "ec2", "rds", "gcs",
                        "cloud run", "tagging", "default_tags", "infra", "infrastructure"),
    "logging": ("log", "logs", "logging", "logger", "stdout", "print statements", "tracing", "metrics", "debug output",
                "debugging output", "debug logs", "debug logging", "prints", "print()", "println", "console.log",
                "observability", "log line", "log lines"),
    "events and messaging": ("broadcast", "broadcasts", "publish", "subscribe", "subscription", "topic",
                             "topics", "pubsub", "pub/sub", "presence", "queue", "queues", "consumer", "producer",
                             "side effect", "side effects", "after_save", "after_commit", "on save", "p:whenever",
                             r"p:re:\bwhen(?:ever)? (?:a|an|someone|somebody|the|one) [\w ]{1,30}? (?:gets|is) \w+ed\b"),
    "dependencies": ("dependency", "dependencies", "add a package", "new package", "new library",
                     "install", "upgrade", "third-party library", "npm", "pip", "gem", "crate", "lockfile", "library",
                     "libraries", "package", "packages", "framework", "deps", r"re:\brequirements\.(?:in|txt)\b",
                     "lock file", "version catalog", "submodule", "submodules", "third-party code", "vendored",
                     "i:dépendance", "i:dépendances", "i:dependencia", "i:dependencias", "i:dependência",
                     "i:dependências", "i:dipendenza", "i:dipendenze", "i:abhängigkeit", "i:abhängigkeiten",
                     "i:bibliothèque", "i:librería", "i:biblioteca", "i:bibliothek", "i:paquet", "i:paquete", "i:pacote",
                     "i:paket", "i:pacchetto", r"p:re:\b(?:pull|bring)(?:ing)? in\b", "i:licence", "i:license", "i:licences", "i:licenses",
                     r"re:\b(?:add|use|pull in|bring in|need|want) (?:a |an |some )?(?!(?:the|our|this|that|my|your|its|existing) )(?:[\w-]+ ){0,3}(?:renderer|parser|"
                     r"sdk|client|charting|charts?|plugin)\b"),
    # what cannot be undone, apart from running commands in general: an instruction about
    # destructive steps bears on "wipe the emulator", one about how to write commands does not
    "destructive operations": ("destructive", "rm -rf", "drop table", "force push", "force-push", "reset --hard",
                               "truncate", "wipe", "clear out", "clean out", "reset", "reseed", "purge", "nuke",
                               "from scratch", "delete all", "remove all", "drop the", "irreversible", "delete",
                               "deleting", "deletion", "get rid of",
                               # a task that takes out what is no longer used ("remove the old export screen")
                               r"p:re:\b(?:remove|drop|delete|rip out|take out|strip)\b[^.?!\n]{0,20}\b(?:old|legacy|dead|unused|"
                               r"obsolete|stale|deprecated|leftover)\b"),
    "running commands": ("command", "commands", "script", "shell", "terminal", "i:bash", "i:zsh", "i:fish", "i:powershell", "i:nushell", "i:posix", "i:snippet", "i:snippets",
                         "i:one-liner", "i:one-liners", "p:locally", "p:env vars", "p:environment variables",
                         r"p:re:\bhow (?:do|can|should|would) (?:i|we) (?:run|start|launch|point|set|install|invoke|call)\b",
                         r"p:re:\bfor (?:one|a single) run\b",
                         # what is done on a machine by a command: installing a tool, ending a process
                         r"p:re:^\W*(?:(?:please|pls|can you|could you)\W+)?install\b", r"p:re:\bkill (?:it|them|the process|that process)\b"),
    "business rules": ("business logic", "business rule", "business rules", "policy", "domain logic",
                       "validation rule", "a rule that"),
    "user interface": ("component", "components", "screen", "screens", "view", "views", "page",
                       "button", "widget", "modal", "dialog", "form", "layout", "ui", "frontend", "css", "theme",
                       "dark mode", "colour", "color", "icon", "icons", "animation", "dropdown", "drop-down",
                       "menu", "checkbox", "tab", "tabs", "card", "cards", "toggle", "story", "stories",
                       "sidebar", "navbar"),
    "naming": ("naming", "variable names", "identifier", "identifiers", "abbreviation", "abbreviations",
               "camelcase", "snake_case", "name things", "names", "i:named", "test names", "test name",
               "rename", "renames", "renaming", "renamed"),
    "code structure": ("function", "functions", "method", "methods", "class", "classes", "nested", "nesting",
                       "guard clause", "readability", "readable", "complexity",
                       "if statement", "if statements", "helper", "helpers", "abstraction", "p:refactor", "p:refactoring",
                       "p:simplify", "p:clean up", "p:tidy up"),
    # what a function takes: a task adds a parameter, an instruction governs changing a signature
    "signatures": ("signature", "signatures", "p:parameter", "p:parameters", "p:argument", "p:arguments", "p:param",
                   "p:params", "i:callers", "i:call sites", "i:every caller", "i:all callers"),
    "types": ("type hints", "type hint", "typing", "typed", "annotation", "annotations", r"re:\bgenerics?\b", "interface",
              "interfaces", "mypy", "strict mode", "any type"),
    "documentation": ("docs", "documentation", "docstring", "docstrings", "readme", "comment", "comments", "jsdoc",
                      "javadoc", "adr", "runbook", "runbooks", "write down", "write up", "how-to", "procedure",
                      "procedures", "playbook", "wiki"),
    "formatting and linting": ("lint", "linter", "linting", "format", "formatter", "formatting", "prettier",
                               "eslint", "rubocop", "clippy", "pre-commit", "style guide", "reformat", "reformats",
                               "reformatting", "reformatted"),
    "branches and merging": ("branch", "branches", "rebase", "merge", "merging", "push", "cherry-pick",
                             "main branch", "p:github", "p:gitlab", "p:bitbucket", "p:open a pr", "p:pr",
                             r"p:re:\bsend (?:it|them|this|that|everything|the \w+) up\b", "p:upload it",
                             "i:remote", "i:remotes", "i:origin", "i:upstream", "i:pushes"),
    "deploying": ("deploy", "deploys", "deployment", "release", "releases", "ship", "rollout", "roll out",
                  "rollback", "roll back", "rolling back", "rolled back", "hotfix", "prod", "production", "go live",
                  r"re:\broll(?:s|ing|ed)? (?:[\w-]+ ){1,5}out\b", r"re:\bapply(?:ing)? (?:to|in|on) (?:prod|production|staging)\b"),
    "performance": ("performance", "slow", "faster", "latency", "optimise", "optimize", "cache", "caching",
                    "profile", "profiling", "benchmark", "n+1", "hot path", "hot paths", "lookup", "lookups",
                    "hash map", "hashmap", "allocation", "allocations", "memory usage", "battery", "battery usage",
                    "battery drain", "cpu usage", "high cpu", "frame rate", "fps", "hz", "jank", "stutter", "stutters",
                    "lag", "laggy", "timer", "timers", "polling", "throughput", "tail latency", "p99"),
    "timeouts and connections": ("timeout", "timeouts", "time out", "times out", "timed out", "timing out", "deadline",
                                 "deadline exceeded", "keepalive", "keep-alive", "keep alive", "idle connection",
                                 "idle connections", "connection pool", "connection reset", "econnreset", "etimedout",
                                 "econnrefused", "socket", "sockets", "max sockets", "tls handshake", "handshake",
                                 "connection", "connections", "retries", "backoff"),
    "security": ("security", "secret", "secrets", "credential", "credentials", "password", "passwords", "token",
                 "tokens", "auth", "authentication", "permission", "permissions", "sanitise", "sanitize",
                 "vulnerability"),
    "configuration": ("config", "configuration", "setting", "settings", "env var", "environment variable",
                      "environment variables", "feature flag", "feature flags", "option", "options", "flag", "flags",
                      "cli flag", "cli flags", "command-line flag", "command line flag", "argument parsing",
                      r"re:(?<![\w.])\.env(?:\.[\w-]+)?\b", "env file",
                      # a long command-line option a task names ("add a --dry-run switch to the tool")
                      r"p:re:(?<![\w-])--[a-z][a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])", "dotenv", "config file", "config files",
                      # a variable named in capitals ("add a FOO_BAR variable")
                      r"p:re:" + CAPS_NAME + r"\s+(?:env(?:ironment)?\s+)?var(?:iable)?s?\b"),
    "dates and times": ("date", "dates", "time zone", "time zones", "timezone", "timezones", "timestamp",
                        "timestamps", "utc", "datetime", "calendar", "day", "days", "weekday", "weekdays",
                        "date range", "time range"),
    "money": ("money", "price", "prices", "amount", "amounts", "currency", "currencies", "decimal", "rounding",
              "cents", "fee", "fees", "surcharge", "surcharges", "discount", "discounts", "tax", "taxes", "vat",
              "tip", "tips", "refund", "refunds", "payment", "payments", "total", "totals", "invoice amount"),
    "concurrency": ("async", "await", "thread", "threads", "concurrency", "concurrent", "lock", "locks",
                    "race", "goroutine", "goroutines", "parallel", "mutex", "stream", "streams", "streaming", "callback",
                    "callbacks", "coroutine", "coroutines", "future", "futures", "promise", "promises",
                    "publisher", "publishers", "actor", "actors"),
    "building a feature": ("implement", "implementing", "feature", "features", "requirement", "requirements",
                           "user story", "acceptance criteria", "new flow", "spec out",
                           r"re:^\W*(?:implement|support|set up|build out|add support for|design)\b"),
    "public interface": ("public api", "public apis", "breaking change", "breaking changes", "semver", "public",
                         "private", "getter", "getters", "setter", "setters", "visibility", "deprecate",
                         "deprecated", "deprecation", r"re:\bexported\b"),
    "keeping state": ("state", "stateful", "in memory", "in-memory", "keep track", "keeps track", "global variable",
                      "global variables", "singleton", "singletons", r"re:\bremember (?:which|what|who|the)\b",
                      "per session", "session state"),
    "answering questions": ("p:explain", "p:walk me through", "p:walk through", "p:tell me", "p:describe",
                            "p:overview", "p:summarise", "p:summarize", "p:summary of", "p:remind me",
                            r"p:re:^\W*(?:(?:so|ok|hey)\W+)?(?:what|how|why|where|when|which|who)\b[^\n]*\?\s*$",
                            r"p:re:^\W*(?:(?:so|ok|hey)\W+)?(?:what|how|why) (?:does|do|is|are|did)\b",
                            "i:answer", "i:answers", "i:reply", "i:replies", "i:response", "i:responses", "i:recap",
                            "i:recaps", "i:bullet", "i:bullets", "i:bullet points", "i:concise", "i:verbose", "i:terse",
                            "i:long-winded", "i:wall of text", "i:tl;dr", "i:tldr", "i:explanation", "i:explanations",
                            "i:summaries", "i:summary at the end", "i:preamble", "i:waffle"),
    "writing code": (r"p:re:^\W*(?:(?:now|ok|okay|so|pls|please|next|then|can you|could you)\W+){0,2}(?:write|add|implement|"
                     r"create|build|make|code up|port|introduce|extract)\b[^\n]{0,50}?\b(?:functions?|methods?|class(?:es)?|"
                     r"structs?|helpers?|modules?|types?|enums?|endpoints?|handlers?|components?|hooks?|utils?|"
                     r"utilit(?:y|ies)|scripts?|parsers?|validators?|models?|services?|wrappers?|converters?|"
                     r"calculators?|fallback|workers?|jobs?|commands?|routines?|loops?|logic)\b",
                     "p:implement", "p:implementing",
                     "i:names", "i:naming", "i:abbreviation", "i:abbreviations", "i:abbreviate", "i:comments",
                     "i:comment", "i:nested", "i:nesting", "i:functions",
                     "i:variable names", "i:code style", "i:readability", "i:readable", "i:narrate the code",
                     "i:docstrings", "i:type hints", "i:magic numbers", "i:guard clauses"),
    "showing status": ("status indicator", "status indicators", "indicator", "indicators", "badge", "badges",
                       "pill", "pills", "traffic light", "colour-coded", "color-coded", "colour coded", "color coded",
                       "online or offline", "at a glance", "progress ring", "progress bar", "p:red", "p:green", "p:amber",
                       "i:status", "i:statuses", "i:state", "i:states",
                       r"p:re:\b(?:show|mark|display|indicate|highlight|flag)s? (?:[\w'-]+ ){0,4}(?:status|state|states|"
                       r"online|offline|whether|if)\b",
                       r"p:re:\bobvious (?:whether|if|which)\b"),
    # what language answers are written in: a prompt not in English asks it (see :func:`of`)
    "language of answers": (r"i:re:\b(?:answer|reply|respond|write|talk|speak|explain)\w*(?: to)?(?: me)?(?: always)? in "
                            r"(?:english|german|french|spanish|italian|portuguese|dutch|polish|swedish)\b",
                            r"i:re:\bin (?:english|german|french|spanish|italian|portuguese|dutch),? (?:please|always|only)\b"),
    # any edit at all: an instruction for every change ("when you change something, show me a diff")
    # bears on every task that changes code, and on nothing else
    "any code change": (r"i:re:\b(?:when(?:ever)?|after|once|each time|every time) (?:you|u)(?:'ve| have)? (?:change|edit|modify|"
                        r"touch|rewrite|update)(?:s|d|ed)? (?:something|anything|any code|the code|code|a file|files|stuff)\b",
                        # what is said at the end of any change: "list the files you touched"
                        r"i:re:\bfiles? (?:you|u)(?:'ve| have)? (?:touched|changed|edited|modified)\b",
                        # the lines a change leaves alone ("keep the lines you are not editing as they are")
                        r"i:re:\blines? (?:you|u)(?:'re| are)? (?:aren't|are not|weren't|didn't|don't|do not|not)\b"
                        r"[^,.;]{0,20}\b(?:chang|edit|touch)\w*",
                        "i:every change", "i:any change",
                        "i:each change", "i:every edit", "i:any edit",
                        r"p:re:^\W*(?:(?:now|ok|okay|so|pls|please|next|then|can you|could you)\W+){0,2}(?:change|add|"
                        r"drop|bump|rename|remove|delete|update|replace|move|make|fix|refactor|edit|modify|rewrite|"
                        r"convert|switch|wire|hook up|introduce|extract|set|raise|lower|increase|decrease)\b"),
    # a value written into the code: an instruction about magic numbers bears on a task that names
    # a quantity with its unit ("retry five times", "hide it after 3 seconds"), not on a question
    # (see TASKS_ONLY)
    "named constants": ("magic number", "magic numbers", "magic value", "magic values", "named constant",
                        "named constants", "i:constant", "i:constants", "i:hardcoded numbers", "i:hard-coded numbers",
                        "i:literal numbers", "i:numeri magici", "i:costante", "i:costanti", "i:números mágicos",
                        "i:constante", "i:constantes", "i:nombres magiques", "i:magische zahlen", "i:konstante",
                        "i:konstanten", "i:magische getallen", "i:constanten",
                        r"p:re:\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                        r"twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a hundred|hundred)\s*(?:ms|milliseconds?|"
                        r"s|secs?|seconds?|mins?|minutes?|hours?|days?|weeks?|months?|km|kilomet(?:re|er)s?|metres?|"
                        r"meters?|miles?|px|dp|times|retries|attempts|tries|percent|%|kb|mb|gb|items|rows|entries|"
                        r"results|characters|chars|lines)(?!\w)"),
    # work left for later: an instruction about TODOs bears on "stub it out for now"
    "unfinished work": ("todo", "todos", "fixme", "fixmes", "i:unimplemented", "i:stub", "i:stubs", "i:stubbed",
                        "p:stub out", "p:stub it", "p:stubbed", "p:unimplemented", "p:not implemented",
                        "p:for now", "p:next sprint", "p:placeholder", "p:come back to",
                        r"p:re:\b(?:finish|do|handle|implement|fix|add) (?:it|that|this|them|the rest) (?:later|"
                        r"next (?:week|sprint|time))\b"),
    "analytics and tracking": ("analytics", "product analytics", "telemetry", "tracking", "event tracking", "funnel",
                               "funnels", "usage data", "usage stats", r"p:re:\btrack (?:how|when|whether|which|what|who)\b",
                               r"p:re:\b(?:log|send|fire|record|emit|track) an? (?:[\w-]+ )?event\b"),
    "alerting and on-call": ("alert", "alerts", "alerting", "on-call", "oncall", "on call", "paging", "pager",
                             "incident", "incidents", "escalation", "wake someone up", "wakes someone up",
                             r"re:\bpage (?:someone|somebody|the on-?call|whoever)\b"),
    "accessibility": ("accessibility", "a11y", "screen reader", "aria", "contrast", "keyboard navigation"),
    "CI and builds": ("ci", "pipeline", "pipelines", "workflow", "github actions", "build", "builds", "runner",
                      "runners", "release build", "release builds", "debug build", "debug builds", "gradle",
                      "gradle.properties", "maven", "webpack", "vite", "bundler", "bundle size", "minify", "minified",
                      "minification", "shrinker", "proguard", "tree shaking", "tree-shaking", "compiler flags", "apk",
                      "build flags", "build config"),
}


SIDES = ("prompt", "instruction")
# kinds of work so wide that most tasks of their side are of that kind: sharing one says less
# than sharing a narrower kind (a house rule about endpoints outranks a style rule for any code)
BROAD = frozenset({"writing code", "answering questions", "any code change"})
BROAD_WEIGHT = 0.5


def shared(asked: frozenset[str], governed: frozenset[str]) -> float:
    """How many kinds of work a prompt (``asked``) and an instruction (``governed``) share, the
    broad ones at BROAD_WEIGHT."""
    both = asked & governed
    return len(both - BROAD) + BROAD_WEIGHT * len(both & BROAD)


# the words an instruction or a task written in another language names a kind of work by (Swedish,
# Norwegian and Danish, Polish, Czech and Slovak, Russian, Japanese romanised, Chinese, the Western
# languages the cues cover where the table above lacks them, and the words for deleting, a function and
# its parameters, a script or a command, a library, a migration, a column, a table, an environment variable
# and a setting in more, declined); a word shared with English is listed above already
ABROAD: Mapping[str, tuple[str, ...]] = {
    "committing": ("komitto", "komittomesseeji", "commitmeddelanden", "commitmeldinger", "commitbeskeder", "komit",
                   "komity", "коммит", "коммиты", "коммита", "коммитов", "提交", "コミット", "messages de commit",
                   "mensajes de commit", "Commit-Nachrichten"),
    "documentation": ("kommentar", "kommentarer", "kommentarerna", "komentarz", "komentarze", "komentarzy",
                      "komentář", "komentáře", "комментарий", "комментарии", "komento", "コメント", "注释", "註解",
                      "commentaire", "commentaires", "comentario", "comentarios", "comentário", "comentários",
                      "commento", "commenti", "Kommentare", "commentaar", "dokumentation", "dokumentacja",
                      "документация", "dokyumento", "文档"),
    "deploying": ("produktion", "produktionen", "produksjon", "produkcja", "produkcji", "produkci", "продакшн",
                  "продакшене", "прод", "purodakushon", "honban", "本番", "生产", "生产环境", "producción", "produção",
                  "produzione", "productie", "driftsättning", "wdrożenie", "nasazení", "деплой", "deputoi", "部署"),
    "schema changes": ("migrering", "migreringar", "migracja", "migracje", "migracji", "migrace",
                       # a migration, a column and a table, declined, in more languages
                       r"re:\bmigra(?:c|ć|č|z|ç|ts|tsi|ác|āc|atio|cij)\w*", r"re:\bmigrasi\b",
                       r"re:\b(?:stolp(?:ec|ca|ci|cu|ce)|stupa(?:c|ca|cu)|sloup(?:ec|ce|ci)|stĺp(?:ec|ca|ci)|kolumn(?:a|y|ę|ie|en|er)?|"
                       r"kolonn(?:e|en|er|a|as)|kolom(?:men)?|colonn(?:e|es|a)|column(?:a|as)|colun(?:a|as)|spalten?|"
                       r"veer(?:g|u|gu)|sarak(?:e|keen)|oszlop\w*|stulpel\w*|sütun\w*|столб(?:ец|ца|цы)|колон(?:ка|ку|ки))\b",
                       r"re:\b(?:tabell(?:e|en|a|en)?|tabel(?:a|o|i|e|u|len)?|tabulk(?:a|u|y)|tabla|tabelle|taulu(?:kko|kon)?|"
                       r"tábla\w*|lentel\w*|tabul(?:a|ā|u|as)|tablo(?:su|yu)?|таблиц\w*)\b",
                       "миграция", "миграции", "maigureeshon", "迁移", "マイグレーション", "migración", "migraciones",
                       "migração", "migrações", "migrazione", "migrazioni", "Migration", "Migrationen", "migratie",
                       "migraties"),
    "tests": ("tester", "testerna", "testy", "testów", "тест", "тесты", "tesuto", "テスト", "测试", "pruebas",
              "testes", "Tests", "testen"),
    "dependencies": ("beroende", "beroenden", "avhengighet", "avhengigheter", "afhængighed", "zależność",
                     "zależności", "závislost", "závislosti", "зависимость", "зависимости", "izon", "依存", "依赖",
                     "licens", "licencja", "licencia", "Lizenz", "licentie", "bibliotek", "biblioteket", "biblioteca",
                     "bibliothèque", "Bibliothek", "biblioteka", "knihovna", "knižnica", "библиотека", "kütüphane",
                     "pustaka", "kirjasto", "könyvtár", "ライブラリ", "库"),
    "destructive operations": ("mazať", "vymazať", "zmazať", "smazat", "mazat", "usuń", "usunąć", "usuwać", "удалять",
                               "удалить", "löschen", "supprimer", "effacer", "borrar", "eliminar", "apagar", "excluir",
                               "cancellare", "eliminare", "verwijderen", "radera", "ta bort", "slette", "slet", "poistaa",
                               "törölni", "șterge", "sil", "hapus", "menghapus", "futa", "obriši", "izbriši", "brisati",
                               "削除", "删除", "삭제", "מחק", "حذف"),
    "code structure": ("fungsi", "función", "funciones", "fonction", "fonctions", "funzione", "funzioni", "função",
                       r"re:\b(?:funkcij\w*|funkcijas|funkcion\w*|funktsioon\w*|ffwythiant\w*|funcți\w*)\b",
                       "funções", "Funktion", "Funktionen", "funkcja", "funkcje", "funkce", "funkcia", "функция",
                       "функции", "関数", "函数", "fonksiyon", "függvény", "funcție", "funksjon", "funktion", "funktio"),
    "signatures": (r"re:\b(?:parametr\w*|paramet(?:ro|ri|re|er)s?|parâmetros?|parámetros?|paraméter\w*|"
                   r"argument(?:o|os|e|en|y|u)|signatur(?:e|en)?|assinatura|firma de la función|paraš\w*|podpis\w*|"
                   r"аргумент\w*|параметр\w*|сигнатур\w*)\b",),
    "running commands": ("skripta", "skript", "skripty", "skrypt", "skrypty", "скрипт", "скрипты", "スクリプト", "脚本",
                         "betik", "szkript", "skriptet", "skriptit",
                         r"re:\b(?:komand\w*|kommand(?:o|on|oen|et|er|oer)|comand(?:o|os|a|e|ă)|commande|commandes|"
                         r"befehl\w*|opdracht(?:en)?|polecen\w*|příkaz\w*|príkaz\w*|naredb\w*|ukaz\w*|parancs\w*|"
                         r"käsk\w*|komento\w*|gorchymyn\w*|команд\w*)\b"),
    # an environment variable and a setting (compound and declined)
    "configuration": (r"re:\b(?:umgebungsvariable\w*|variables? d'environnement|variables? de entorno|variáve(?:l|is) de ambiente|"
                      r"variabil[ei] d'ambiente|variabil[ae] de mediu|omgevingsvariabel\w*|milj[öø]variab\w*|"
                      r"zmienn\w* środowiskow\w*|proměnn\w* prostředí|premenn\w* prostredia|spremenljivk\w* okolja|"
                      r"varijabl\w* okruženja|környezeti változó\w*|ympäristömuuttuj\w*|keskkonnamuutuj\w*|"
                      r"aplinkos kintam\w*|vides mainīg\w*|ortam değişken\w*|variabel lingkungan|newidyn amgylchedd|"
                      r"переменн\w* окружения|змінн\w* середовища|環境変数|环境变量|환경 ?변수)",
                      r"re:\b(?:einstellung(?:en)?|paramètres?|configuración|configuração|impostazion[ei]|instellingen|"
                      r"inställning(?:ar)?|innstilling(?:er)?|indstilling(?:er)?|ustawieni[ae]|nastaven[íi]|nastaveni[ae]|"
                      r"nastavit\w*|beállítás\w*|asetu(?:s|kset)|seadistus\w*|nustatym\w*|iestatījum\w*|ayar(?:lar)?\w*|"
                      r"настройк\w*)\b"),
}


@lru_cache(maxsize=2)
def _index(side: str) -> tuple[dict[str, frozenset[str]], re.Pattern[str], dict[str, str]]:
    """For one side, stemmed single words -> their facets, and one pattern for every phrase, a
    named group per facet (the group's name -> the facet)."""
    words: dict[str, set[str]] = {}
    groups: list[str] = []
    names: dict[str, str] = {}
    other = "i:" if side == "prompt" else "p:"
    for n, (facet, members) in enumerate(FACETS.items()):
        multi = []
        for member in (*members, *ABROAD.get(facet, ())):
            if member.startswith(other):
                continue
            member = member.removeprefix("p:").removeprefix("i:")
            toks = text.tokens(member)
            if member.startswith("re:"):
                multi.append(member[3:])
            elif len(toks) == 1 and " " not in member and "-" not in member:
                words.setdefault(toks[0], set()).add(facet)
            else:
                multi.append(re.escape(member))
        if multi:
            names[f"f{n}"] = facet
            groups.append(f"(?P<f{n}>" + "|".join(multi) + ")")
    phrases = re.compile(r"(?<!\w)(?:" + "|".join(groups) + r")(?!\w)", re.IGNORECASE)
    return {w: frozenset(f) for w, f in words.items()}, phrases, names


@lru_cache(maxsize=8192)
def of(content: str, side: str = "prompt") -> frozenset[str]:
    """The facets a text names, read as a ``side`` ("prompt" or "instruction"); cached: the same
    instructions are read on every prompt."""
    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}, got {side!r}")
    words, phrases, names = _index(side)
    if side == "instruction":  # a quoted example ('rejects expired tokens') is no kind of work the instruction governs
        content = _QUOTED.sub(" ", content)
    found: set[str] = set()
    for token in text.tokens(content):
        found |= words.get(token, frozenset())
    found.update(names[m.lastgroup] for m in phrases.finditer(content) if m.lastgroup)
    if side == "prompt" and not_english(content):
        found.add("language of answers")
    if side == "prompt" and found & TASKS_ONLY and _QUESTION.match(content):
        found -= TASKS_ONLY
    return frozenset(found)


# kinds of work only a task is of: "why does the export take 10 minutes?" writes no value into the code
TASKS_ONLY = frozenset({"named constants"})
_QUESTION = re.compile(r"^[^\n]*\?\s*$|^\W*(?:what|why|how|where|when|which|who|is|are|does|do|did|can|could|should)\b",
                       re.IGNORECASE)


_QUOTED = re.compile(r"(?<!\w)'[^'\n]{2,60}'(?!\w)|(?<!\w)\"[^\"\n]{2,60}\"(?!\w)|`[^`\n]{1,60}`")


# the commonest short words of the languages developers most often write in besides English: a
# prompt holding several of them, and more of them than English ones, is not in English
_FOREIGN = frozenset("""
    der die das und ist nicht ich du wir mit für auf ein eine einen dem den des sich bitte wie warum kannst mir
    le la les et est pas je tu nous avec pour sur une des du au ce qui que pourquoi comment peux moi
    el los las y es no yo tú con para por una del al qué cómo puedes
    il lo gli e è non io con per una della che perché come puoi
    o os as é não eu com para uma do da que porque como você
    het een en niet ik jij wij met voor op van dat waarom hoe kun mij
    """.split()) - frozenset({"a", "i", "e", "o", "no", "die", "as", "is", "me", "on", "in", "do", "pour", "come"})
_WORD = re.compile(r"[^\W\d_]+")


def not_english(content: str) -> bool:
    """Is this prompt written in another language than English (several common words of others)?"""
    words = _WORD.findall(content.lower())
    foreign = sum(w in _FOREIGN for w in words)
    return foreign >= 2 and foreign > sum(w in text.ENGLISH_STOPWORDS for w in words)


# a statement of how a kind of thing is done here, its subject first ("unit tests run on ...",
# "third-party code is vendored in ...", "background jobs here go through ..."): the words before
# a verb of the present that says how (not "is a ...", "is blank"), the subject not a pronoun
_CONVENTION = re.compile(
    r"^\W*(?:the |our |all |every |each |any )?(?!(?:it|its|this|that|these|those|they|we|i|you|he|she|there|here)\b)"
    r"((?:[\w'-]+ ){0,3}[\w'-]+?) (?:here (?:is|are)\b|(?:here |(?:in|for) this (?:repo|project|app|codebase|service) )?"
    r"(?:(?:is|are) (?-i:[A-Z][\w.-]+)(?!\w)|(?:(?:always|only|all) )?"  # "tests are Vitest"; how things are done
    r"(?:run|runs|use|uses|go|goes|live|lives|get|gets|come|comes|must|should|need|needs|stay|stays|belong|belongs|"
    r"(?:is|are) (?:(?:always|only|all) )?(?:[a-z]+ed|done|written|kept|built|run|made|held|sent|read|drawn|shown|"
    r"driven|set up|split|put)\b)\b))", re.IGNORECASE)


@lru_cache(maxsize=8192)
def about(content: str) -> frozenset[str]:
    """The kinds of work a note is about when it says how a kind of thing is done here, named by
    its subject (:data:`_CONVENTION`): "unit tests run on a headless browser" is about tests, "the
    test for it was flaky" is about nothing here. Cached: the same notes meet every prompt."""
    m = _CONVENTION.match(content)
    return of(m.group(1), "instruction") if m else frozenset()


# what a task is about, said after the ask in a clause or a phrase of its own: "fix the bug | where
# orders placed on a Sunday get the wrong date", "write tests | for the cache", "the counter goes
# negative | when a user logs out |, fix it"; from the word that opens it to the next comma
_ABOUT = re.compile(r"\s(?:where|when|whenever|what|that|which|who|so|because|since|for|from|in|on|at|of|with|"
                    r"without|after|before|if|while|to|into|by|about|until|than)\s[^,;.!?\n]*", re.IGNORECASE)
# kinds of work a task names in any of its phrases: the value written into the code ("after ten
# minutes"), the work left for later ("for now")
ANYWHERE = frozenset({"named constants", "unfinished work"})


def asks(prompt: str) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds of work a task asks for in its ask (the prompt without the clauses and phrases that
    say what it is about, :data:`_ABOUT`), and those it names only in them; all in its ask when the
    ask names only a broad kind ("add a view | that joins the orders to the table of customers")."""
    named = of(prompt)
    ask = named & (of(_ABOUT.sub(" ", prompt)) | ANYWHERE)
    if not ask - BROAD:
        return named, frozenset()
    return ask, named - ask
