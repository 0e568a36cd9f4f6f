"""Ordinary work: the nine turns in ten that matter to nobody a month later.

Each :class:`Filler` is a kind of routine exchange with several phrasings of the prompt, several
replies (a few sentences; some long, with a code block) and the tools the assistant uses.
Slots in braces are filled per project from its :class:`bench.coding.stacks.Stack` (``{file}``,
``{func}``, ``{test_cmd}``, ...; see :func:`slots`). :data:`ACKS` are the acknowledgements and
chatter between turns; :data:`USER_PLANT_REPLIES` and :data:`LEADS` wrap planted statements so the
sentence that matters sits in the middle of an ordinary turn.

These templates are shared by every split; no planted value may appear in them
(:func:`bench.coding.corpus.validate` checks the generated text).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.coding.stacks import Stack


@dataclass(frozen=True)
class Filler:
    key: str
    prompts: tuple[str, ...]
    replies: tuple[str, ...]
    tools: tuple[tuple[str, str], ...] = ()  # (tool name, its main argument, a template)


TEAMMATES = ("Sam", "Jordan", "Alex", "Robin", "Kim", "Chris")
BRANCHES = ("main", "main", "main", "fix/{func}", "feature/{type}", "chore/deps", "refactor/{dir}")


def slots(stack: Stack, name: str, rng: random.Random) -> dict[str, str]:
    """One random filling of every slot for a project on ``stack``."""
    files = stack.code_files or tuple(stack.files)
    file, file2 = rng.sample(files, 2) if len(files) > 1 else (files[0], files[0])
    func, func2 = rng.sample(stack.funcs, 2)
    dep, old, new = rng.choice(stack.deps)
    directory = file.rsplit("/", 1)[0] if "/" in file else "."
    values = {
        "name": name,
        "file": file.replace("{name}", name),
        "file2": file2.replace("{name}", name),
        "dir": directory.replace("{name}", name),
        "func": func,
        "func2": func2,
        "type": rng.choice(stack.types),
        "test": rng.choice(stack.tests),
        "test_cmd": stack.test_cmd,
        "lint_cmd": stack.lint_cmd,
        "type_cmd": stack.type_cmd,
        "build_cmd": stack.build_cmd,
        "dep": dep,
        "old": old,
        "new": new,
        "manifest": stack.manifest,
        "job": rng.choice(stack.jobs),
        "log": rng.choice(stack.logs),
        "lang": stack.language,
        "snippet": rng.choice(stack.snippets),
        "n": str(rng.randint(12, 240)),
        "k": str(rng.randint(2, 9)),
        "mate": rng.choice(TEAMMATES),
    }
    return values


FILLERS: tuple[Filler, ...] = (
    Filler("explain-function",
           ("can you explain what {func} in {file} does?",
            "walk me through {func}, I don't get the second branch",
            "what is {func} for? it's called from {k} places and I can't tell why",
            "explain {func} to me like I've never seen this codebase"),
           ("`{func}` is the piece that turns the raw input into what the rest of `{dir}` works with. It first checks "
            "its arguments and returns early when there is nothing to do, then walks the items once and builds the "
            "result as it goes. The second branch only runs when the caller passes an existing result in, which is how "
            "the batch path reuses it without allocating twice. Nothing in it touches the network or the database, so "
            "it is safe to call from tests directly.",
            "Short version: `{func}` is a helper that `{func2}` leans on. It normalises the input, does the actual work "
            "in one pass and hands back a fresh value rather than mutating what it was given.\n\nThe part that looks odd "
            "is the early return near the top: it exists because callers sometimes pass an empty collection during "
            "start-up, and the code after it assumes at least one element. If you want, I can add a short comment there "
            "so the next reader doesn't trip on it.",
            "I read `{file}`. `{func}` is called from {k} places, but they all want the same thing: a validated value "
            "they can pass on. Roughly:\n\n```{lang}\n{snippet}\n```\n\nThat isn't the literal code, but it is the "
            "shape of it. The branch you asked about handles the legacy input format; as far as I can tell from the "
            "git log it has been there since the first commit and nothing has removed the old callers yet."),
           (("Read", "{file}"), ("Grep", "{func}"))),
    Filler("add-test",
           ("add a test for {func}",
            "we have no test for {func} when the input is empty, can you add one?",
            "write a unit test covering the error path in {func}",
            "add a regression test for {test}"),
           ("I added a test next to the existing ones for `{func}` covering the empty input and the error path, and "
            "ran `{test_cmd}`: everything passes. The new test builds its input inline instead of using the shared "
            "fixtures, so it won't break when someone changes those.",
            "Added two cases: one for the happy path with a couple of items and one for the empty input, which "
            "previously wasn't exercised at all. Here is the main one:\n\n```{lang}\n{snippet}\n```\n\nThe suite is "
            "green ({n} tests). I kept the names in the same style as the rest of the file.",
            "Done. The new test fails if I revert the guard in `{func}`, so it actually covers the branch rather than "
            "just running it. Full run: {n} passed."),
           (("Read", "{file}"), ("Edit", "{file2}"), ("Bash", "{test_cmd}"))),
    Filler("lint-error",
           ("the linter is complaining about {file}, can you fix it",
            "fix the lint errors, CI's {job} job is red",
            "`{lint_cmd}` fails on my branch, please sort it out"),
           ("There was one finding: an unused import left over from the last refactor in `{file}`. I removed it and "
            "re-ran `{lint_cmd}`, which is clean now. No behaviour change.",
            "Fixed. The warning was real: a variable assigned in `{func}` and never read. I removed the assignment "
            "instead of silencing the rule, and the lint run is clean.",
            "The lint job flagged `{file}` for a style rule. I made the change it asks for, ran the linter over the "
            "whole tree to be sure nothing else was pending, and ran `{test_cmd}` once more since I touched code: all "
            "green."),
           (("Bash", "{lint_cmd}"), ("Edit", "{file}"), ("Bash", "{lint_cmd}"))),
    Filler("type-error",
           ("`{type_cmd}` reports an error in {file}, what's wrong?",
            "type checker is unhappy after my change to {func}",
            "can you fix the type errors in {dir}?"),
           ("The checker is right: `{func}` can return nothing on one path, but its callers treat the result as always "
            "present. I made the missing case explicit and handled it at the one call site that can actually hit it. "
            "`{type_cmd}` is clean now.",
            "Two errors, same cause: `{type}` changed shape in your branch and two call sites still pass the old "
            "fields. I updated both. The checker passes and the tests still pass ({n}).",
            "It's a narrowing problem. The value is checked in one function and used in another, so the checker can't "
            "see the check. I moved the check next to the use, which also makes the code easier to follow."),
           (("Bash", "{type_cmd}"), ("Read", "{file}"), ("Edit", "{file}"))),
    Filler("dependency-bump",
           ("bump {dep} to {new}",
            "can you upgrade {dep}? we're on {old}",
            "dependabot opened a PR for {dep} {new}, is it safe to merge?"),
           ("I bumped `{dep}` from {old} to {new} in `{manifest}` and ran the full test suite: {n} passed. The "
            "changelog between those versions lists bug fixes and one deprecation that doesn't affect us, since we "
            "don't call the deprecated function anywhere.",
            "Upgraded `{dep}` to {new}. One test needed a tweak because the library now raises a more specific error "
            "type; the behaviour we rely on is unchanged. Everything else passed on the first run.",
            "It looks safe. {old} to {new} is a minor release; I read the release notes and grepped for the APIs they "
            "mention, and we use none of the changed ones. I merged it locally and the suite passes."),
           (("Read", "{manifest}"), ("Edit", "{manifest}"), ("Bash", "{test_cmd}"))),
    Filler("rename",
           ("rename {func} to something clearer",
            "{type} is a bad name, rename it everywhere",
            "can you rename the variable `tmp` in {func} to something meaningful"),
           ("Renamed across the code base: {k} files touched, all references updated including the tests and the "
            "docs. I didn't keep an alias for the old name since nothing outside this repository imports it.",
            "Done. I used the name you suggested in the issue and updated the call sites. The diff is mechanical, so "
            "it should be quick to review; tests pass.",
            "I renamed it and also fixed two comments that still referred to the old name. Nothing else changed."),
           (("Grep", "{func}"), ("Edit", "{file}"), ("Edit", "{file2}"), ("Bash", "{test_cmd}"))),
    Filler("flaky-test",
           ("{test} failed on CI but passed when I re-ran it. flaky?",
            "{test} is flaky again, can you take a look",
            "why does {test} fail about one run in twenty?"),
           ("I ran `{test}` 30 times in a loop locally and it passed every time. Nothing in it depends on the clock or "
            "on test order as far as I can see. I'd leave it for now and look again if it fails twice in a week; I "
            "noted the CI run id in the PR so we can compare.",
            "I couldn't reproduce it: 50 runs, no failure, with and without the rest of the suite. The CI log shows a "
            "timeout rather than an assertion, which points at the runner being slow that day rather than the test.",
            "It passes locally every time. The failing CI run was on a cold cache and took twice as long overall, so "
            "my guess is load, not logic. If it keeps happening I'll add timing output to the test."),
           (("Bash", "{test_cmd}"), ("Read", "{file}"))),
    Filler("log-noise",
           ("the logs are full of `{log}`, can we quiet that down?",
            "what's this in the logs: {log}",
            "too much log noise locally, can you tone it down"),
           ("That message comes from a dependency, not from our code, and it's harmless in this context. I lowered "
            "its log level in the local configuration only, so production logging is unchanged.",
            "It's a warning we can't fix on our side yet. I filtered that one logger in the development settings; the "
            "rest of the output stays as it was.",
            "It's informational. I left it in place but made it log once per start instead of once per request, which "
            "is where most of the noise came from."),
           (("Grep", "{log}"), ("Edit", "{file}"))),
    Filler("ci-failure",
           ("CI failed on the {job} job, can you look?",
            "the {job} step is red on main, what happened",
            "pipeline broke after my merge, job {job}"),
           ("The {job} job failed because of a test that depends on ordering: it assumed the list came back sorted. "
            "I made the test sort before comparing and pushed the fix to your branch. The rest of the run was fine.",
            "It wasn't your change: the job pulled a newer tool version that is stricter about a warning. I pinned the "
            "tool in the CI configuration to the version we had and opened a follow-up to upgrade properly.",
            "The log shows the runner ran out of disk space while building. Re-running the job passed. Nothing to fix "
            "in the code, though the cache it restores is getting big."),
           (("Bash", "gh run view --log-failed"), ("Read", "{file}"))),
    Filler("code-review",
           ("review my changes in {file} before I open the PR",
            "can you do a quick review of the diff",
            "look over {func} and tell me if anything's off"),
           ("Overall it reads well. Three things: `{func}` now swallows an error it used to propagate, which hides "
            "failures from the caller; the new helper duplicates `{func2}`, so I'd call that instead; and one test "
            "name no longer matches what it checks. None of them block the PR, but the first one I'd fix.",
            "Looks good to me. Small points only: a leftover debug print, a comment that describes the old behaviour, "
            "and a magic number that deserves a name. I left the code alone since you asked for a review.",
            "Reviewed the diff. The logic is right. I'd split the commit in two (the rename and the behaviour change) "
            "so the history is easier to read, and add one test for the empty case."),
           (("Bash", "git diff main...HEAD"), ("Read", "{file}"))),
    Filler("refactor",
           ("pull the validation in {func} out into its own function",
            "{func} is too long, split it up",
            "can you clean up {file} a bit, it's hard to read"),
           ("I extracted the validation into a small function next to `{func}` and called it from both places that "
            "had copies of it. Behaviour is unchanged; tests pass ({n}).",
            "Split it into three steps with descriptive names. Here's the resulting outline:\n\n```{lang}\n{snippet}\n"
            "```\n\nThe public signature didn't change, so callers are unaffected.",
            "Tidied `{file}`: sorted the imports, removed two unused helpers and grouped the functions by what they "
            "do. No logic changes."),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("docstring",
           ("add docstrings to the public functions in {file}",
            "document {func}, nobody knows what the arguments mean"),
           ("Added short docstrings to the public functions in `{file}`: what each returns, what the arguments mean and "
            "which errors they raise. I kept them to a few lines each.",
            "Documented `{func}`. The second argument was the confusing one; the docstring now says what it is for and "
            "what happens when it is left out."),
           (("Read", "{file}"), ("Edit", "{file}"))),
    Filler("readme",
           ("the README setup section is out of date, fix it",
            "update the README with how to run the tests",
            "add a troubleshooting section to the README"),
           ("Updated the README: the setup steps now match what actually works on a fresh clone, and the test section "
            "says to run `{test_cmd}`. I removed the step about the old bootstrap script, which no longer exists.",
            "Done. I added the commands in the order you'd run them and a note about the one environment variable "
            "the tests need locally."),
           (("Read", "README.md"), ("Edit", "README.md"))),
    Filler("git-help",
           ("how do I squash my last {k} commits?",
            "I committed to the wrong branch, help",
            "undo my last commit but keep the changes"),
           ("Use an interactive rebase: `git rebase -i HEAD~{k}`, mark all but the first as `squash`, save, then edit "
            "the combined message. If the branch is already pushed you'll need to force-push with lease afterwards.",
            "Easiest fix: create the right branch from where you are with `git branch fix-branch`, then reset the "
            "current one back with `git reset --hard HEAD~1`. The commit stays on the new branch.",
            "`git reset --soft HEAD~1` does that: the commit is gone and its changes are staged again."),
           ()),
    Filler("commit",
           ("commit this",
            "write a commit message for what's staged and commit",
            "ok commit the changes in {file}"),
           ("Committed: \"Handle the empty case in {func}\". One commit, the tests pass.",
            "Committed the change to `{file}` with a message describing the fix and why it was needed."),
           (("Bash", "git add -A"), ("Bash", "git commit -m \"Handle the empty case in {func}\""))),
    Filler("explain-error",
           ("what does this error mean: {log}",
            "I'm getting a weird error when I run {build_cmd}, any idea?"),
           ("That message means the tool found something it expected to be one type and got another. Here it's caused "
            "by a stale build artefact; cleaning the build directory and building again makes it go away. I did that "
            "and the build passes.",
            "It's a warning from the runtime about code that will break in a future version. Nothing is broken today. "
            "The fix is small, so I applied it in `{file}`."),
           (("Bash", "{build_cmd}"),)),
    Filler("run-tests",
           ("run the tests", "run the test suite and tell me what fails", "can you run {test_cmd}"),
           ("All green: {n} passed.",
            "Ran `{test_cmd}`. Everything passes; the slowest test takes about a second and a half.",
            "The suite passes ({n} tests). There are two deprecation warnings from a dependency, nothing of ours."),
           (("Bash", "{test_cmd}"),)),
    Filler("performance",
           ("{func} is slow on big inputs, any idea why?",
            "profile {func}, the endpoint got slow"),
           ("It does a linear search inside a loop, so it's quadratic in the input size. I built a lookup table once "
            "before the loop instead; on the sample input it went from about {n} ms to under 10 ms. Same results, "
            "tests pass.",
            "Most of the time goes into building the same intermediate list on every call. I moved that out so it's "
            "computed once. The profile now shows the remaining time spread evenly, nothing else stands out."),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("edge-case",
           ("{func} crashes when the list is empty",
            "{func} blows up on missing input, fix it"),
           ("Fixed: `{func}` indexed the first element without checking. It now returns an empty result for empty "
            "input, and I added a test for it.",
            "The crash was an unchecked access on the first element. I added the guard and a test that reproduces the "
            "original failure."),
           (("Read", "{file}"), ("Edit", "{file}"), ("Edit", "{file2}"), ("Bash", "{test_cmd}"))),
    Filler("dead-code",
           ("is {func2} still used anywhere?", "find dead code in {dir}"),
           ("I searched the whole repository, including tests and scripts: `{func2}` has no callers left. It was used by "
            "a code path that was removed a few months ago. Want me to delete it?",
            "Found two unused functions and one unused constant in `{dir}`. I listed them in the PR description rather "
            "than deleting them, since one of them looks like it might be called dynamically."),
           (("Grep", "{func2}"),)),
    Filler("logging",
           ("add some debug logging around {func}",
            "I need to see what {func} receives in staging, add logging"),
           ("Added a debug-level log line at the start of `{func}` with the input size and the id of the request, and "
            "one at the end with the duration. Nothing sensitive is logged.",
            "Logging added, at debug level so it stays quiet unless you turn it on."),
           (("Edit", "{file}"),)),
    Filler("error-handling",
           ("handle the error from {func} properly instead of ignoring it",
            "{func} swallows exceptions, make it report them"),
           ("`{func}` now returns the error to its caller instead of dropping it, and the caller logs it with context "
            "and responds with a proper error. I added a test that forces the failure path.",
            "Changed it so the error propagates. Two callers needed updating; both now handle it explicitly."),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("changelog",
           ("add a changelog entry for the {func} change", "update the changelog for this release"),
           ("Added an entry under Unreleased describing the change in user terms, with a link to the PR.",
            "Changelog updated: two fixes and one small feature since the last release."),
           (("Edit", "CHANGELOG.md"),)),
    Filler("build-failure",
           ("{build_cmd} fails after pulling main",
            "build is broken locally, help"),
           ("Your local build had a stale generated file from before the last merge. I cleaned the build output and "
            "rebuilt; it passes. Nothing in the repository needed changing.",
            "The build failed on a missing import that a merge removed. I restored it and the build passes."),
           (("Bash", "{build_cmd}"), ("Edit", "{file}"), ("Bash", "{build_cmd}"))),
    Filler("coverage",
           ("which parts of {file} have no tests?", "what's our test coverage like in {dir}"),
           ("Going by the coverage report, the error branches of `{func}` and the whole of `{func2}` are never executed "
            "by the tests. The rest of the file is covered. I'd start with `{func2}` since it has the most logic.",
            "Coverage in `{dir}` is decent overall; the gaps are error paths. I listed the uncovered lines by function "
            "in the summary above."),
           (("Bash", "{test_cmd}"),)),
    Filler("split-file",
           ("{file} is getting long, how would you split it?",),
           ("I'd split it along what the functions are about: the parsing helpers in one module, the main logic in "
            "another, and leave the public entry points where they are so imports don't change. Roughly:\n\n"
            "```{lang}\n{snippet}\n```\n\nwould move together with its two helpers. Want me to do it?",),
           (("Read", "{file}"),)),
    Filler("naming",
           ("is {type} a good name or should we rename it?",),
           ("It's okay but vague: it says what the thing is made of, not what it's for. Something that names its role "
            "would read better at the call sites. It's used in {k} files, so renaming is cheap now.",),
           (("Grep", "{type}"),)),
    Filler("audit",
           ("the security audit is flagging {dep}, what do we do?",
            "dependency audit warnings again, can you check"),
           ("The advisory is for a code path we don't use, but the fixed version is a patch release, so I bumped `{dep}` "
            "to {new} anyway and ran the tests: all pass.",
            "Two advisories, both in development-only dependencies. I updated them; nothing in production is affected."),
           (("Bash", "{test_cmd}"), ("Edit", "{manifest}"))),
    Filler("config-where",
           ("where is {type} configured?", "where do we set up {type}?"),
           ("It's wired up in `{file}`; the values come from the defaults in the same file unless the environment "
            "overrides them. Tests construct it directly with their own values.",),
           (("Grep", "{type}"), ("Read", "{file}"))),
    Filler("script",
           ("write a quick script to count lines per file in {dir}",
            "give me a one-liner to find the biggest files in the repo"),
           ("Here you go:\n\n```sh\nfind {dir} -type f -name '*' | xargs wc -l | sort -n | tail -20\n```\n\nIt prints "
            "the twenty longest files last, with a total at the end.",
            "```sh\ngit ls-files | xargs du -k | sort -n | tail -15\n```\n\nThat lists tracked files only, so build "
            "output and dependencies don't show up."),
           ()),
    Filler("review-comments",
           ("address the review comments on {file}",
            "{mate} left comments on the PR, can you handle them"),
           ("Handled all four comments: renamed the helper as suggested, added the missing test, replaced the magic "
            "number with a named constant and reworded the error message. I replied on each thread.",
            "Done: the two small ones are fixed; for the third I left a reply explaining why the current approach is "
            "needed, since changing it would break the batch path."),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("merge-conflict",
           ("I've got a merge conflict in {file}, help",
            "rebase on main went wrong, conflicts in {file}"),
           ("Resolved: both sides changed `{func}`, yours added a parameter and main renamed a variable. I kept both "
            "changes, ran the tests, and continued the rebase. Please double-check the combined function.",
            "The conflict was only in imports and one test. I merged them by hand and the suite passes."),
           (("Bash", "git status"), ("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("env-setup",
           ("my local {test_cmd} complains about a missing module",
            "new laptop, what do I need to run this project?"),
           ("Your environment is missing the development dependencies. Installing them and running the tests again "
            "fixes it; I checked on a fresh environment here.",
            "You need the language toolchain at the version in the manifest, the development dependencies, and a "
            "local database for the integration tests. The README's setup section lists the exact commands."),
           (("Bash", "{test_cmd}"),)),
    Filler("language-question",
           ("what's the difference between a shallow and a deep copy here?",
            "quick question: when should I use an interface vs a concrete type in {file}?",
            "is it ok to mutate the argument in {func} or is that bad style?"),
           ("In short: a shallow copy duplicates the outer container but shares the items inside it, so changing an "
            "item through one copy shows up in the other. In `{func}` that matters because the items are modified "
            "later. A deep copy isn't needed though; copying the one field that changes is enough.",
            "Use the interface at the boundary where callers might pass something else, such as tests with a fake, "
            "and keep the concrete type inside `{file}` where only one implementation exists. Adding an interface "
            "nobody swaps out only adds a layer to read through.",
            "Mutating an argument is fine when the function's name and docs make it obvious, but here callers don't "
            "expect it and one of them reuses the value afterwards. Returning a new value is safer."),
           ()),
    Filler("small-feature",
           ("add a dry-run option to {func}",
            "let {func} take an optional limit",
            "add a flag to skip the slow checks in {func}"),
           ("Added it as an optional parameter with a default that keeps the current behaviour, so existing callers "
            "are unaffected. The new path has its own test; the suite passes ({n}).",
            "Done. I threaded the option through the two callers that need it and documented it. Here's the core of "
            "the change:\n\n```{lang}\n{snippet}\n```"),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("todo",
           ("how many TODOs are left in {dir}?", "clean up the old TODO comments"),
           ("There are {k} TODO comments in `{dir}`. Three are done already and I removed them; the rest describe real "
            "follow-ups, so I left those and listed them in the summary.",),
           (("Grep", "TODO"),)),
    Filler("formatting",
           ("format the files I touched", "run the formatter on {dir}"),
           ("Formatted the changed files; only whitespace and line breaks moved. I kept it as a separate commit so the "
            "real change stays readable.",),
           (("Bash", "git diff --name-only"), ("Edit", "{file}"))),
    Filler("status",
           ("where are we with the {func} work?", "summarise what's left on this branch"),
           ("The main change in `{func}` is done and tested. Left: the docs update and one edge case around empty "
            "input that I'd like a test for. The branch is rebased on main.",
            "Two commits on the branch: the refactor and the fix. Tests pass; the PR description still needs writing."),
           (("Bash", "git log --oneline main..HEAD"),)),
    Filler("pagination",
           ("the list endpoint returns everything at once, add paging",
            "add pagination to the listing in {file}"),
           ("Added paging with a page size parameter (default 50, capped at 200) and a cursor for the next page. The "
            "old response shape is preserved when no paging parameters are sent, so existing clients keep working.",),
           (("Read", "{file}"), ("Edit", "{file}"), ("Edit", "{file2}"), ("Bash", "{test_cmd}"))),
    Filler("off-by-one",
           ("the last item is missing from the results of {func}",
            "{func} returns one too many items"),
           ("Classic off-by-one: the loop bound excluded the last element. Fixed and added a test with exactly one item, "
            "which is the case that exposed it.",),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
    Filler("date-handling",
           ("{func} shows the wrong day for late-evening entries",
            "timezone bug in {func}?"),
           ("Yes: the date was taken from the timestamp in UTC before converting it to the user's zone, so anything "
            "after midnight UTC landed on the next day. I convert first now and added a test at 23:30 local time.",),
           (("Read", "{file}"), ("Edit", "{file}"), ("Bash", "{test_cmd}"))),
)

ACKS: tuple[tuple[str, str], ...] = (
    ("ok", "Done."),
    ("thanks, go on", "Continuing with the rest of the files."),
    ("continue where we left off", "Picking up from the last step: the remaining call sites in `{file}` still need "
                                   "updating. Doing those now."),
    ("looks good", "Great. I'll leave it there unless you want anything else on this."),
    ("great, thanks", "You're welcome."),
    ("yes please", "On it."),
    ("ok do it", "Done, tests pass."),
    ("sounds good, go ahead", "Done."),
    ("perfect", "Glad it works."),
    ("hmm ok", "Let me know if you want me to dig further."),
    ("nice", "Thanks!"),
    ("keep going", "Continuing."),
    ("I'll look at the PR after lunch", "Noted: the branch is pushed and ready when you are."),
    ("{mate} will review this one", "Noted: I'll leave the PR as it is for {mate}."),
    ("I'm stepping out for ten minutes", "Noted."),
    ("wait, what did you change in {file}?", "Only the function `{func}`: the guard at the top and the test for it."),
)

USER_PLANT_REPLIES: tuple[str, ...] = (
    "Done. I made the change in `{file}` and ran `{test_cmd}`: {n} passed.",
    "Got it. I updated `{file}` accordingly and the tests still pass.",
    "Okay. I've made the edit in `{file}` and left the rest untouched; the suite is green.",
    "Done: the change is in `{file}`, with a test next to the existing ones.",
    "Understood, I'll work with that. The edit to `{file}` is in, and `{test_cmd}` passes.",
)

LEADS: tuple[str, ...] = (
    "I went through `{file}` and the recent history of it.",
    "Let me check how this is wired up first.",
    "I looked at the code and the logs.",
    "I traced the call path starting at `{func}`.",
    "I read `{file}` and searched for the other places that touch this.",
    "Let me look at the git log for `{dir}` and the tests around it.",
)

MIDDLES: tuple[str, ...] = (
    "The code around it is straightforward and the tests cover the main path; `{func}` only calls into it once.",
    "Nothing else in `{dir}` depends on this in a surprising way. I also ran `{test_cmd}` to be sure: {n} passed.",
    "The rest of the module looks fine. The last change to `{file}` was a rename {k} weeks ago and didn't touch "
    "this part.",
    "I checked the callers of `{func}` as well; both go through the same path, so there's only one place to look.",
    "For context, `{type}` is only built in `{file}`, and the tests construct their own instances.",
    "I reproduced it locally first, then read through `{file2}` to see how the pieces fit together.",
)

USER_PLANT_REPLY_TAILS: tuple[str, ...] = (
    "",
    " I didn't touch `{file2}`; it doesn't need changes for this.",
    " I'll keep that in mind for the rest of this work.",
    " One thing I noticed on the way: `{func2}` has no test for its error path; I can add one later.",
)

SLASH_COMMANDS: tuple[tuple[str, str], ...] = (
    ("/model", "Set model to opus"),
    ("/cost", "Total cost: $0.41\nTotal duration (API): 2m 11s"),
    ("/status", "Claude Code status: ok"),
    ("/permissions", "No permission rules changed"),
    ("/context", "Context usage: 38%"),
)

INTERRUPTED_TOOLS: tuple[tuple[str, str], ...] = (
    ("Bash", "git push --force-with-lease"),
    ("Bash", "rm -rf build"),
    ("Bash", "git reset --hard origin/main"),
    ("Edit", "{file}"),
)

AFTER_REJECTION: tuple[str, ...] = (
    "no, don't run that, just show me the diff",
    "stop, not that. explain what you were going to do first",
    "don't touch that file, the change belongs in {file2}",
)

SUBAGENT_TASKS: tuple[tuple[str, str, str], ...] = (
    ("Find callers of {func}", "Find every caller of {func} in the repository and report file and line.",
     "{func} is called from {k} places: {file} and {file2} (twice), plus the tests."),
    ("Survey test layout", "Look at how the tests in this repository are organised and report the conventions.",
     "Tests mirror the source layout; fixtures are built inline; {test_cmd} runs everything."),
    ("Search for config usage", "List where {type} is configured or constructed.",
     "{type} is constructed in {file}; tests build their own instances."),
)
