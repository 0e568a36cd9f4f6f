"""Prompts that need no memory, planted nowhere: do they get a block anyway?

The splits' irrelevant probes are few (16 a split) and each split's author wrote them in one voice. These
lists are more of the kind: questions about the trade and edits of the code at hand, typed in the
corpus's repositories (round robin over the projects, at each repository's root). None names a planted
fact; each should get nothing. They were written in rounds by the lead of the release that added them
(8a40a3e..), each round before the rules it then informed: a list's ``tuned`` says whether rules were
since written from its failures, so only the untuned figure of a round measures what generalises.
``python -m bench coding`` reports how many of each list were left empty (``unplanted`` in its JSON).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PromptList:
    name: str
    tuned: bool  # rules were written from this list's failures after its first figure
    first_empty: int  # left empty at its first figure, before any rule was written from it
    prompts: tuple[str, ...]


LISTS: tuple[PromptList, ...] = (
    PromptList("round1", True, 14, (
        "what's the difference between a mutex and a semaphore?",
        'rename `tmp` in the helper to something meaningful',
        'how do I undo the last git commit but keep the changes?',
        'explain big-O of a hash map lookup, briefly',
        'fix the grammar in the docstring of the parse function',
        'convert this for loop into a list comprehension',
        'what does the `?` operator do in rust',
        'sort these imports',
        'is it better to use tabs or spaces in general?',
        'how do closures capture variables in javascript?',
        'reword the comment above the retry loop so it reads better',
        "what's a good name for a function that strips whitespace from both ends?",
        'remove the trailing whitespace in utils.py',
        'add type hints to the helpers in format.py',
        'explain what a bloom filter is in two sentences',
        'why is floating point 0.1 + 0.2 not 0.3?',
        'split the long method in ReportBuilder into smaller ones',
        'what is dependency injection, short version',
        'turn the nested ifs in validate() into guard clauses',
        'how do I write a multiline string in YAML?',
    )),
    PromptList("round2", True, 13, (
        "what's the difference between git merge and git rebase, in short?",
        'make the variable names in this function consistent',
        'how do I pretty print a dict in python',
        'move the constants at the top of the file into alphabetical order',
        'what does `set -euo pipefail` do?',
        "explain the CAP theorem like I'm five",
        'fix the indentation in the config loader',
        "what's the time complexity of quicksort in the worst case?",
        'delete the commented-out code in handlers.go',
        'how do you debounce a function in typescript?',
        'replace the magic number 86400 with a named constant',
        "what's a monad, one paragraph",
        'add a blank line between the two test functions',
        'why do people say goto is harmful?',
        'collapse these three if statements into one',
        'how does HTTPS certificate pinning work?',
        'uppercase the SQL keywords in the migration file',
        'what does `git bisect` do?',
        'rewrite this callback chain with async/await',
        'explain the difference between a process and a thread',
    )),
    PromptList("round3", True, 9, (
        "what's the difference between an abstract class and an interface?",
        'clean up the imports in models.py',
        'how do I revert a single file to the last commit?',
        'explain event sourcing in a few sentences',
        'alphabetize the keys in this JSON object',
        "what's the point of a context manager in python?",
        'make the error message in parse_args grammatically correct',
        'how do I find which process is listening on a port on linux?',
        "inline the one-line helper that's only used once",
        'what is a race condition, with a tiny example',
        'reorder the methods in the class so public ones come first',
        'why would I use a generator instead of a list?',
        'change the single quotes to double quotes in this file',
        'how does garbage collection work in Go, briefly',
        "extract the magic string 'pending' into a constant",
        "what's tail call optimisation?",
        'merge the two identical if branches in the loop',
        'how do I squash my last three commits?',
        "fix the off-by-one in the comment's example, the code is fine",
        "what's the difference between TCP and UDP, short answer",
    )),
    PromptList("round4", True, 12, (
        'difference between let and const in js?',
        'can you make this regex case-insensitive',
        'how do I check if a key exists in a python dict',
        'add the missing commas to the multi-line lists in settings.py',
        'explain what a foreign key is to a junior',
        'collapse the two log lines in the retry loop into one',
        'what does HTTP 502 usually mean?',
        'turn this into a one-liner',
        'how would I memoize a recursive function in python?',
        'tidy the whitespace in the Dockerfile',
        "what's the idiomatic way to iterate over a map in Go?",
        "swap the order of the two arguments in the helper's docstring example",
        'is recursion slower than iteration in general?',
        'rename the loop variable i to index',
        'what are the SOLID principles, quickly',
        'convert these tabs to spaces',
        'how do I write a unit test for a function that returns a promise, in general?',
        "shorten this function name, it's too long",
        'explain the difference between == and equals() in java',
        'make the table in the README line up',
    )),
    PromptList("round5", True, 15, (
        'sort the enum members alphabetically',
        'how do I read a file line by line in rust?',
        'rename the parameter cb to callback in the helper',
        'explain what CORS is in plain terms',
        'drop the unused variable in the reducer',
        "what's the difference between a shallow copy and a deep copy",
        'align the equals signs in the constants block',
        'how do I get the length of a string in bash?',
        'reindent the yaml in the workflow file',
        'what does the spread operator do in javascript?',
        'convert the double quotes to single quotes in the test file',
        "what's memoization, in one sentence?",
        'strip the trailing whitespace from the changed lines',
        'is it fine to catch Exception in python, generally?',
        'lowercase the column aliases in the query',
        'how do I exit vim',
        'add a newline at the end of the README',
        'when should I use a set instead of a list?',
        'rename the variable x in the loop to something readable',
        "what's a closure? short version please",
    )),
    PromptList("round6", False, 13, (
        "what's the difference between null and undefined?",
        'reorder the imports so stdlib comes first',
        'how can I time a block of code in python?',
        'rename the field tmpVal to something meaningful in this struct',
        'explain optimistic locking, in two sentences',
        'remove the duplicate keys in the translations file',
        'what does `defer` do in Go?',
        'wrap the long lines in the SQL at 100 characters',
        'what are generics for, in general?',
        'indent the nested list in the markdown properly',
        'how do I list all branches in git?',
        'change the arrow functions in utils.js to regular functions',
        'what is a race condition?',
        'sort the CSS properties alphabetically in the button styles',
        'remove the extra blank lines at the end of the migration',
        'why is it called a hash map?',
        'capitalize the headings in the docs page',
        'how do I pass a variable number of args to a function in python?',
        'swap the two if branches so the happy path comes first',
        "what's the point of an index on a column, in short?",
    )),
)
