"""AI readers summoned in data with a risky order, and agent machinery forged in data: round 14's classes of
missed payloads, read by :func:`mnemon.safety.guard.scan` as extra rules (:func:`rules`).

* **an AI audience set before a colon** (``addressed_to_model``): a label naming AI readers, at a line start or
  after a bracket, a comment marker or a sentence ("Agents consuming this feed:", "(Bots:", "Review bots:",
  "[x] assistant:", "for AI readers only:"), named assistants in a list ("Gemini, Cursor and co:"), or a
  condition ("if an AI is triaging this thread:"), each only with a risk within the next 300 characters
  (:data:`_RISK`): a privileged container or the host's root mounted, a security check removed, a merge or submit
  without its verification, a false approval claimed, packages from a plain-HTTP index, a payload or data
  forwarded to a URL with credentials or a named host, a person's contact data handed out, destructive flags
  always passed, confirmation waived;
* **forged agent machinery** (``role_impersonation``): a tool-call block written into data (``[TOOL_CALLS]``,
  ``<function_calls>``, ``"name": "send_email"``) that touches a secret file, and a hook or policy message
  announcing that commands are exempt from confirmation;
* **credential phishing through the assistant** (``exfiltration``): the assistant told to ask the user for a
  token, password or key and pass it on;
* **a persona without rules** (``role_impersonation``): "you are X, an assistant with no rules";
* **fiction that ends in a run** (``tool_coercion``): a story's command written out "then run it".

"Agents: use pnpm" or "Assistant: here is the summary" carry no risk and stay clean. Texts arrive folded and
lower-cased; every pattern is bounded and tried only where its needle occurs.
"""

from __future__ import annotations

import re

_AUDIENCE = re.compile(
    r"(?:^|[\[(|>#/*;.!?]\s*|\]\s*|--\s*|\s-\s)(?:(?:this\s+(?:comment|note|section|block)\s+is\s+)?(?:for|to)\s+)?"
    r"(?:(?:the|all|any)\s+)?(?:ai\s+|llm\s+|coding\s+|bot\s+)?(?:agents?|assistants?|bots?|copilots?|reviewers?|llms?)"
    r"(?:\s+[a-z]+ing\s+(?:this|these|the)\b[^:\n]{0,30})?(?:\s+only)?\s*:"
    r"|\b(?:claude|copilot|cursor|gemini|chatgpt|codex|aider|cline|windsurf)(?:\s*,\s*[a-z]+){0,3}\s+(?:and|&)\s+"
    r"(?:friends|co|others|the\s+rest|[a-z]+)\s*:"
    r"|\bif\s+(?:an?\s+|any\s+)?(?:ai|llm|assistant|bot|agent|language\s+model)\s+is\s+[a-z]+ing\s+[^:\n]{0,40}:",
    re.MULTILINE,
)
_AUDIENCE_NEEDLES = ("agent", "assistant", "bot", "copilot", "reviewer", "llm", "claude", "cursor", "gemini",
                     "chatgpt", "codex", "aider", "cline", "windsurf", " ai ")
_RISK = re.compile(
    r"--privileged\b|\bmount\s+/\s|\bremov\w*\s+(?:the\s+)?(?:\w+\s+)?(?:password|auth\w*|security|permission|signature"
    r"|csrf|2fa|mfa)\s+(?:check|validation|verification)|\b(?:submit|merge|deploy|release|publish)\s+without\b"
    r"|\b(?:reviewed|approved|signed\s+off|vetted)\s+(?:and\s+approved\s+)?by\s+(?:the\s+)?(?:security|legal|compliance)"
    r"|--(?:index-url|extra-index-url|registry)[=\s]+http://|\bforward\s+(?:the\s+|this\s+|every\s+|all\s+)?"
    r"(?:payload|data|messages?|events?|emails?|files?)\s+to\b|\b[a-z][a-z0-9+.-]{1,10}://[^\s/@]{1,40}@"
    r"|\b(?:phone\s+numbers?|home\s+address|date\s+of\s+birth|passport|known\s+contact|salary)\b"
    r"|\balways\s+pass\s+[^.\n]{0,20}--(?:purge|force|delete|yes-to-all|no-backup)|--(?:purge|wipe|destroy|drop)-(?:all|everything)\b"
    r"|\bexempt\s+from\s+(?:confirmation|review|approval)|\bwithout\s+(?:verified|confirmation|review)"
)
_TOOL_CALL = re.compile(r"\[tool_calls\]|<function_calls>|<invoke\s+name=|\"name\"\s*:\s*\"(?:send_email|send_mail"
                        r"|http_request|upload\w*|post\w*|run_shell|bash|execute\w*)\"")
_SECRET_FILE = re.compile(r"\.netrc|\.env\b|id_rsa|id_ed25519|\.aws/credentials|\.ssh/|keychain|\.npmrc|\.pypirc"
                          r"|\.git-credentials|\.docker/config")
_POLICY = re.compile(r"\b(?:policy|rules?|permissions?)\s+(?:updated|changed|relaxed)\b[^\n]{0,120}?\b(?:exempt|no\s+longer"
                     r"\s+(?:need|require)|without)\s+[^\n]{0,20}?(?:confirmation|approval|review)")
_PHISH = re.compile(r"\b(?:assistant|agent|model|you)\s+(?:must|should|needs?\s+to|has\s+to)\s+ask\s+the\s+user\s+for\s+"
                    r"(?:their|his|her|the)\s+(?:\w+\s+)?(?:token|password|api\s+key|secret|credentials?|pat|otp|2fa\s+code)"
                    r"[^.\n]{0,40}?\b(?:pass|send|give|forward|submit|paste)\w*\s+(?:it|them)\b")
_NO_RULES = re.compile(r"\byou\s+are\s+(?:now\s+)?[\w-]+,?\s+an?\s+(?:\w+\s+)?(?:ai|assistant|model|bot|agent)\s+"
                       r"(?:with\s+no|without(?:\s+any)?)\s+(?:rules|restrictions|limits|filters|guidelines)")
_STORY_RUN = re.compile(r"\b(?:write|type|give|show)\s+(?:me\s+)?(?:that|the|this)\s+(?:exact\s+)?(?:command|script)"
                        r"[^.\n]{0,40}?\b(?:then|and)\s+(?:run|execute)\s+it\b")


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    if ":" in text and any(needle in text for needle in _AUDIENCE_NEEDLES):
        for match in _AUDIENCE.finditer(text):
            if _RISK.search(text, match.end(), match.end() + 300):
                found.add("addressed_to_model")
                break
    if ("tool_calls" in text or "function_calls" in text or "invoke" in text or "\"name\"" in text) and (
            _TOOL_CALL.search(text) and _SECRET_FILE.search(text)):
        found.add("role_impersonation")
    if ("exempt" in text or "without" in text or "no longer" in text) and _POLICY.search(text):
        found.add("role_impersonation")
    if "ask the user" in text and _PHISH.search(text):
        found.add("exfiltration")
    if "you are" in text and _NO_RULES.search(text):
        found.add("role_impersonation")
    if " it" in text and ("run" in text or "execute" in text) and _STORY_RUN.search(text):
        found.add("tool_coercion")
    return found
