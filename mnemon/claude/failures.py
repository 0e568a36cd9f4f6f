"""Ways software fails, each read from both ends: what people see, and the kind of change that causes it.

A malfunction is rarely reported in the words of the change behind it: "we're still quoting
yesterday's prices" follows "moved the rate lookup into a day-long in-process cache"; "the import
job died halfway through again" follows "the batch nodes are preemptible machines now". What the two
share is a failure mode of the trade: stale reads follow caching, missing data follows retention,
refusals follow limits, results that differ between runs follow parallel work. Each mode below
lists, in the general vocabulary of the trade (never a project's names or facts), the symptoms
people report and the mechanisms a change introduces. :mod:`mnemon.claude.inject` counts a mode
a reported malfunction and an earlier change share as evidence that the change is a suspect,
and, asked what a change will break, a mode the change and a reported effect share.
"""

from __future__ import annotations

from collections.abc import Mapping

from mnemon.claude.sided import SidedTable

# mode -> (symptoms people report, mechanisms a change introduces)
MODES: Mapping[str, tuple[str, str]] = {
    "stale reads": (
        r"\bstill (?:show|quot|see|serv|return|get|read|send|point|list|charg|say|use|display|report|ha[sv]|contain|bill)\w*|\bold (?:ones|values?|prices?|data|"
        r"version|layout|numbers?|results?|state)\b|\bstale\b|\boutdated\b|\bout of date\b|"
        r"\buntil (?:a |the |they )?(?:restart|reload|refresh|redeploy)\w*|\b(?:minutes|hours?) later\b|"
        r"\blags? behind\b|\bflips? between\b|\bdoes(?:n't| not) (?:show|update|refresh|reflect)\b|"
        r"\bnot (?:showing|updated|refreshed)\b|\bmost recent\b|\bas (?:it|they) (?:was|were)\b|\bcan't find\b|"
        r"\bkeeps? \w+ing\b[^.?!\n]{0,40}\b(?:to|at|on) the old \w+|\byesterday's \w+",
        r"\bcach(?:e|ed|es|ing)\b|\blru\b|\bttl\b|\bmemoi[sz]\w*|\bsnapshot\b|\bin-process\b|\bin[- ]memory\b|"
        r"\bmodule-level\b|\b(?:rebuilt|refreshed|reloaded|recomputed|synced) every\b|"
        r"\bstale-while-revalidate\b|\boptimistic\b"),
    "data removed": (
        r"\bmissing\b|\bgone\b|\bvanished\b|\bdisappeared\b|\bcan't (?:reprint|restore|recover|open|download)\b|"
        r"\bno longer (?:there|available)\b|\b(?:from|older than) (?:\w+ ){0,2}(?:days?|weeks?|months?|years?)"
        r"(?: ago)?\b|\bnot (?:restored|there)\b|\bdeleted\b|\bwiped\b",
        r"\bretention\b|\blifecycle\b|\bexpir\w*|\bdeletes?\b|\bpurg\w*|\bclean ?up\b|\bephemeral\b|\bglacier\b|"
        r"\barchiv\w*|\bbackups?\b|\btruncat\w*|\bcompaction\b"),
    "refused by a limit": (
        r"\b429\b|\btoo many\b|\bservice unavailable\b|\b50[23]\b|\bbad request\b|\blocked out\b|"
        r"\btry again later\b|\brefus\w*|\brejected\b|\bbounced\b|\bthrottl\w*|\bcan't sign in\b|"
        r"\btoo (?:large|big|long)\b|\bpayload\b|\bquota\b",
        r"\blimit\w*|\bmax[\w-]*|\bcap(?:ped|s)?\b|\bthrottl\w*|\brate[- ]limit\w*|\bper (?:minute|second|hour|ip)\b|"
        r"\bconcurrency\b|\bquota\b|\bmax_\w+|\b\w+_max\b"),
    "timeouts": (
        r"\bdeadline exceeded\b|\btim(?:ed|es|ing) out\b|\btimeouts?\b|\bconnection (?:error|reset|refused)\b|"
        r"\beconnreset\b|\bbroken pipe\b",
        r"\btimeouts?\b|\bdeadline\b|\bkeep-?alive\b|\bidle\b|\bpool\w*\b"),
    "processes killed": (
        r"\bdie[sd]\b|\bkilled\b|\boom\b|\bout ?of ?memory\b|\bfell over\b|\bcrash\w*|\binterrupted\b|"
        r"\bhalfway\b|\bbus error\b|\bsegfault\w*|\bsigbus\b|\bsigkill\b|\bexit(?:ed|s)? with\b|\bkills? the app\b",
        r"\bspot\b|\bpreemptible\b|\bheap\b|\b-xmx\w*|\bmmap\w*|\bgarbage collector\b|\bgc\b|\b16-bit\b|"
        r"\bint16\b|\bstrict ?mode\b|\bmemory\b"),
    "results differ between runs": (
        r"\bflak\w*|\bone (?:run )?in (?:two|three|four|five|ten|\d+)\b|\bsometimes\b|\bintermittent\w*|"
        r"\brandom(?:ly)?\b|\bdiffer\w* between runs\b|\bnon-?deterministic\b|\btiny (?:\w+ )?differences\b|"
        r"\bflips? between\b|\bevery (?:other|few) runs?\b",
        r"\bparallel\w*|\bconcurren\w*|\bthreads?\b|\bopenmp\b|\bchunks?\b|\basync\w*|\brayon\b|\bgoroutines?\b|"
        r"\bworkers?\b|\bper worker\b|\bmulti-?process\w*"),
    "sessions and origins": (
        r"\blog(?:ged)? (?:in|out) again\b|\bsigned out\b|\blogin page\b|\bstopped connecting\b|"
        r"\bcan't (?:attach|upload|connect|embed)\b|\bcors\b|\bblocked by\b|\bsign in again\b",
        r"\bsamesite\b|\bcookies?\b|\bcors\b|\ballowed origins?\b|\bcsrf\b|\bsecure flag\b|"
        r"\borigins?\b"),
    "effects doubled or undone": (
        r"\btwice\b|\bdoubled?\b|\bduplicat\w*|\bseveral times\b|\bflips? back\b|\breverts?\b|\bopen again\b|"
        r"\bcomes? back\b|\bshows? (?:\w+ )?for a moment\b",
        r"\bstrict ?mode\b|\bretr(?:y|ies)\b|\boptimistic\b|\bat[- ]least[- ]once\b|\bredeliver\w*|"
        r"\bmounts? twice\b|\bidempoten\w*"),
    "at the wrong time": (
        r"\bmiddle of the night\b|\bwrong (?:time|hour|day)\b|\btoo (?:early|late)\b|\bhours? (?:early|late|off)\b|"
        r"\bdelayed\b|\barrives? late\b|\bwoken\b|\bwakes? (?:me|them|people|users|everyone) up\b|"
        r"\bfirst thing in the morning\b|\bevery morning\b|\bbefore (?:dawn|sunrise|opening)\b",
        r"\bcron\w*|\bschedul\w*|\butc\b|\btime ?zones?\b|\bnightly\b|\bat \d{1,2}:\d{2}\b|\bperiodic\w*|"
        r"\bevery \d+ (?:hours?|minutes?)\b|\bmaintenance window\b|\bbattery\b|\bdoze\b|\bbatch(?:ed|es)?\b"),
    "connections dropped": (
        r"\b(?:thrown|kicked|booted) out\b|\bdisconnect\w*|\brejoin\w*|\breconnect\w*|\bdrops? (?:out|off)\b|"
        r"\bkeeps? dropping\b|\bconnection (?:drops|dropped|lost)\b",
        r"\bheartbeats?\b|\bkeep-?alive\b|\bping interval\b|\bidle timeout\b|\bdrops? (?:a |the )?(?:sockets?|"
        r"connections?)\b|\bsocket timeout\b"),
}
SIDES = ("symptom", "mechanism")
_TABLE = SidedTable(MODES, SIDES)


def modes(content: str, side: str) -> frozenset[str]:
    """The failure modes a text names from one side: "symptom" (what people see) or "mechanism"
    (what a change introduces)."""
    return _TABLE.read(content, side)
