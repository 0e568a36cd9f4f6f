"""The three core orders in the languages :mod:`mnemon.safety.multilingual` does not hold, as word lists.

``multilingual`` covers nine languages by their grammar. For the next ones (Arabic, Hindi, Turkish, Vietnamese,
Indonesian, Thai, Persian, Hebrew, Ukrainian, Dutch, Polish, Swedish, Greek, Swahili, Czech, Romanian, Hungarian,
Finnish, Tamil, Urdu, Amharic, Bengali, Nepali, Kazakh, Uzbek, Estonian, Albanian, Welsh and Tagalog, and the
rows of :mod:`mnemon.safety.tonguerows`) a payload is recognised by its vocabulary,
which is what every translation of "ignore all previous instructions" keeps: within one sentence,

* ``instruction_override``: a word for ignore or forget, a word for instructions (or rules, orders) and a word for
  previous (or all, above) or one naming the user (the user's instructions set aside are the same order);
* ``exfiltration``: a word for the system prompt with a word for show or reveal; or a word for the user's
  password, key or token with a word for send, show or reveal and a word naming the user.

A developer's note in these languages ("ignore the lint warnings in the build folder") names no instructions and
no system prompt, so it stays clean. Texts arrive folded and lower-cased; the lists are in NFKC like them. Each
language is tried only when one of its ignore, prompt or secret words occurs.
"""

from __future__ import annotations

import re
import unicodedata

from mnemon.safety import tonguerows

_Words = tuple[str, ...]


def _nfkc(words: str) -> _Words:
    return tuple(unicodedata.normalize("NFKC", w).lower() for w in words.split("|"))


# language: (ignore, instructions, previous, system prompt, show, secret, send or show, user)
_TABLE: dict[str, tuple[_Words, ...]] = {
    "ar": tuple(map(_nfkc, (
        "تجاهل|انس |انسى|انسَ|لا تلتزم|اترك",
        "التعليمات|تعليمات|الإرشادات|الأوامر|التوجيهات",
        "السابقة|الماضية|جميع|كل |أعلاه",
        "موجه النظام|موجّه النظام|تعليمات النظام|رسالة النظام|برومبت النظام",
        "اكشف|اعرض|اطبع|أظهر|أرني|اكتب",
        "مفتاح|كلمة المرور|كلمة السر|الرمز المميز|رمز الوصول",
        "أرسل|ارسل|انشر|ارفع|اكشف|اعرض|اطبع",
        "المستخدم",
    ))),
    "hi": tuple(map(_nfkc, (
        "अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल जाओ|भूल जाएं|भूल जाएँ|भूल जाइए",
        "निर्देश|आदेश|नियम",
        "पिछले|पहले के|सभी|ऊपर",
        "सिस्टम प्रॉम्प्ट|सिस्टम प्रोम्प्ट|सिस्टम निर्देश",
        "दिखाओ|दिखाएँ|दिखाएं|बताओ|बताएं|प्रकट|छापो",
        "कुंजी|पासवर्ड|टोकन",
        "भेजें|भेजो|भेज दो|दिखाओ|दिखाएँ|दिखाएं|बताओ|बताएं",
        "उपयोगकर्ता",
    ))),
    "tr": tuple(map(_nfkc, (
        "yok say|görmezden gel|unut|dikkate alma|göz ardı et",
        "talimat|yönerge|kuralları|komutları",
        "önceki|tüm|bütün|yukarıdaki",
        "sistem istem|sistem prompt|sistem mesaj|sistem talimat",
        "göster|yazdır|açıkla|paylaş|söyle",
        "anahtar|şifre|parola|token",
        "gönder|yolla|paylaş|göster|yazdır",
        "kullanıcı",
    ))),
    "vi": tuple(map(_nfkc, (
        "bỏ qua|phớt lờ|quên|lờ đi",
        "hướng dẫn|chỉ dẫn|chỉ thị|quy tắc|mệnh lệnh",
        "trước|tất cả|mọi",
        "lời nhắc hệ thống|prompt hệ thống|chỉ thị hệ thống|lời nhắc của hệ thống",
        "hiển thị|tiết lộ|in ra|cho tôi xem|cho xem",
        "khóa api|khoá api|mật khẩu|token|khóa bí mật",
        "gửi|tiết lộ|hiển thị|in ra",
        "người dùng",
    ))),
    "id": tuple(map(_nfkc, (
        "abaikan|lupakan|acuhkan",
        "instruksi|petunjuk|perintah|aturan",
        "sebelumnya|semua|di atas",
        "prompt sistem|perintah sistem|instruksi sistem",
        "tampilkan|tunjukkan|ungkapkan|cetak|bocorkan",
        "token|kunci api|kata sandi|password",
        "kirim|unggah|tampilkan|tunjukkan|bocorkan",
        "pengguna",
    ))),
    "th": tuple(map(_nfkc, (
        "เพิกเฉย|ละเว้น|ลืม|ไม่ต้องสนใจ",
        "คำสั่ง|คำแนะนำ|กฎ",
        "ก่อนหน้า|ทั้งหมด|ข้างบน",
        "พรอมต์ระบบ|พรอมท์ระบบ|คำสั่งระบบ",
        "แสดง|เปิดเผย|พิมพ์",
        "รหัสผ่าน|คีย์|โทเค็น",
        "ส่ง|แสดง|เปิดเผย",
        "ผู้ใช้",
    ))),
    "fa": tuple(map(_nfkc, (
        "نادیده بگیر|فراموش کن|توجه نکن",
        "دستورالعمل|دستورات|دستورها|قوانین",
        "قبلی|همه|بالا",
        "پرامپت سیستم|دستور سیستم|دستورالعمل سیستم",
        "نشان بده|فاش کن|چاپ کن|بنویس",
        "رمز عبور|رمزهای عبور|کلید|توکن|گذرواژه",
        "بفرست|ارسال کن|نشان بده|فاش کن",
        "کاربر",
    ))),
    "he": tuple(map(_nfkc, (
        "התעלם|שכח|אל תתייחס",
        "הוראות|הנחיות|כללים",
        "הקודמות|קודמות|כל |הקודמים",
        "הנחיות המערכת|פרומפט המערכת|הנחיית המערכת|הוראות המערכת",
        "הצג|הראה|חשוף|הדפס",
        "סיסמה|סיסמא|מפתח|טוקן",
        "שלח|הצג|הראה|חשוף",
        "המשתמש",
    ))),
    "uk": tuple(map(_nfkc, (
        "ігноруй|забудь|не зважай",
        "інструкці|вказівк|правил",
        "попередні|усі|всі|вищенаведен",
        "системний промпт|системні інструкції|системну підказку",
        "покажи|виведи|розкрий|надрукуй",
        "пароль|ключ|токен",
        "надішли|відправ|покажи|розкрий",
        "користувач",
    ))),
    "nl": tuple(map(_nfkc, (
        "negeer|vergeet|negeren|trek je niets aan van",
        "instructies|regels|opdrachten|aanwijzingen",
        "eerdere|vorige|alle|voorgaande|bovenstaande",
        "systeemprompt|systeeminstructies|systeembericht",
        "toon|laat zien|onthul|print",
        "wachtwoord|sleutel|token",
        "stuur|plak|toon|onthul|upload",
        "gebruiker",
    ))),
    "pl": tuple(map(_nfkc, (
        "zignoruj|ignoruj|zapomnij",
        "instrukcj|polece|zasad",
        "poprzedni|wszystkie|wcześniejsz|powyższ",
        "prompt systemowy|systemowy prompt|instrukcje systemowe|prompt systemu",
        "pokaż|wyświetl|ujawnij|wypisz",
        "hasło|klucz|token",
        "wyślij|prześlij|pokaż|ujawnij",
        "użytkownika",
    ))),
    "sv": tuple(map(_nfkc, (
        "ignorera|glöm|strunta i|bortse från",
        "instruktioner|regler|direktiv",
        "tidigare|alla|föregående|ovanstående",
        "systemprompt|systeminstruktion",
        "visa|avslöja|skriv ut",
        "lösenord|nyckel|token",
        "skicka|visa|avslöja",
        "användarens",
    ))),
    "el": tuple(map(_nfkc, (
        "αγνόησε|αγνοήστε|ξέχασε|ξεχάστε|μην λαμβάνεις υπόψη",
        "οδηγίες|οδηγιών|εντολές|κανόνες",
        "προηγούμενες|προηγούμενων|όλες|όλους|παραπάνω",
        "μήνυμα συστήματος|οδηγίες συστήματος|prompt συστήματος|προτροπή συστήματος",
        "δείξε|δείξτε|αποκάλυψε|εμφάνισε|τύπωσε",
        "κωδικό|κωδικός|κλειδί|διαπιστευτήρια|token",
        "στείλε|στείλτε|δείξε|αποκάλυψε",
        "χρήστη|μου ",
    ))),
    "sw": tuple(map(_nfkc, (
        "puuza|sahau|usijali",
        "maagizo|maelekezo|sheria",
        "yote|ya awali|zilizopita|ya hapo juu",
        "maelekezo ya mfumo|ujumbe wa mfumo|prompt ya mfumo",
        "onyesha|fichua|chapisha",
        "nenosiri|ufunguo|tokeni",
        "tuma |utume|nitumie|onyesha|fichua",
        "mtumiaji|msimamizi",
    ))),
    "cs": tuple(map(_nfkc, (
        "ignoruj|zapomeň|nevšímej si",
        "instrukce|pokyny|pravidla",
        "předchozí|všechny|výše uvedené",
        "systémový prompt|systémové pokyny|systémovou výzvu",
        "ukaž|zobraz|vypiš|odhal",
        "heslo|klíč|token",
        "pošli|odešli|ukaž|odhal",
        "uživatele",
    ))),
    "ro": tuple(map(_nfkc, (
        "ignoră|ignora |uită",
        "instrucțiunile|instructiunile|instrucțiuni|regulile",
        "anterioare|toate|de mai sus",
        "promptul de sistem|prompt-ul de sistem|instrucțiunile de sistem",
        "arată|afișează|dezvăluie",
        "parola|cheia|token",
        "trimite|arată|dezvăluie",
        "utilizatorului",
    ))),
    "hu": tuple(map(_nfkc, (
        "hagyd figyelmen kívül|figyelmen kívül|felejtsd el",
        "utasítás|szabály",
        "korábbi|összes|előző|fenti|eddigi|minden",
        "rendszerprompt|rendszer prompt|rendszerüzenet",
        "mutasd|jelenítsd meg|írd ki|fedd fel",
        "jelszó|jelszav|kulcs|token",
        "küldd|mutasd|fedd fel",
        "felhasználó",
    ))),
    "fi": tuple(map(_nfkc, (
        "ohita|unohda|älä huomioi",
        "ohjeet|ohjeita|säännöt",
        "aiemmat|kaikki|edelliset|yllä olevat",
        "järjestelmäkehote|järjestelmäviesti|järjestelmän ohjeet",
        "näytä|paljasta|tulosta",
        "salasana|avain|token",
        "lähetä|näytä|paljasta",
        "käyttäjän",
    ))),
    # round 13's classes: more languages, each row made up from the language's own words for the same order
    "ta": tuple(map(_nfkc, (
        "புறக்கணி|மறந்துவிடு|மறந்து விடு|பொருட்படுத்தா",
        "வழிமுறைக|அறிவுறுத்த|கட்டளை|விதிக",
        "முந்தைய|அனைத்து|எல்லா|மேலே",
        "சிஸ்டம் ப்ராம்ப்ட்|கணினி அறிவுறுத்தல்",
        "காட்டு|வெளிப்படுத்து|எழுது|அச்சிடு",
        "கடவுச்சொல்|சாவி|டோக்கன்",
        "அனுப்பு|காட்டு|எழுது|வெளிப்படுத்து",
        "பயனர்",
    ))),
    "ur": tuple(map(_nfkc, (
        "نظر انداز|بھول جاؤ|بھول جائیں|نظرانداز",
        "ہدایات|احکامات|قواعد|ہدایت",
        "پچھلی|پچھلے|تمام|سابقہ|اوپر",
        "سسٹم پرامپٹ|سسٹم ہدایات",
        "دکھاؤ|دکھائیں|بتاؤ|ظاہر کرو|لکھو",
        "پاس ورڈ|کلید|ٹوکن",
        "بھیجو|بھیجیں|بھیج دو|دکھاؤ|بتاؤ",
        "صارف",
    ))),
    "am": tuple(map(_nfkc, (
        "ችላ በል|ችላ በይ|ችላ በሉ|ችላ ይበሉ|እርሳ|ተው",
        "መመሪያ|ትዕዛዝ|ደንብ",
        "ቀደም|የቀድሞ|ሁሉ|ያለፈ",
        "የስርዓት መመሪያ|የሲስተም ፕሮምፕት",
        "አሳይ|ግለጽ|ጻፍ",
        "የይለፍ ቃል|ቁልፍ|ቶከን",
        "ላክ|ላኩ|አሳይ|ግለጽ",
        "ተጠቃሚ",
    ))),
    "bn": tuple(map(_nfkc, (
        "উপেক্ষা|ভুলে যাও|ভুলে যান|অগ্রাহ্য",
        "নির্দেশ|আদেশ|নিয়ম",
        "আগের|পূর্ববর্তী|সব|উপরের",
        "সিস্টেম প্রম্পট|সিস্টেম নির্দেশ",
        "দেখাও|দেখান|প্রকাশ|লেখো",
        "পাসওয়ার্ড|চাবি|টোকেন",
        "পাঠাও|পাঠান|দেখাও|প্রকাশ",
        "ব্যবহারকারী",
    ))),
    "ne": tuple(map(_nfkc, (
        "बेवास्ता|बिर्सि|बिर्स",
        "निर्देशन|निर्देश|आदेश|नियम",
        "अघिल्ला|अघिको|पहिलेका|सबै",
        "सिस्टम प्रम्प्ट",
        "देखाउ|बताउ|लेख",
        "पासवर्ड|कुञ्जी|टोकन",
        "पठाउ|देखाउ|बताउ",
        "प्रयोगकर्ता",
    ))),
    "kk": tuple(map(_nfkc, (
        "елеме|елемеңіз|ұмыт|назар аударма",
        "нұсқау|бұйрық|ереже",
        "алдыңғы|барлық|бұрынғы",
        "жүйелік нұсқау|жүйелік промпт",
        "көрсет|аш|жаз",
        "құпия сөз|кілт|токен",
        "жібер|көрсет",
        "пайдаланушы",
    ))),
    "uz": tuple(map(_nfkc, (
        "e'tibor berma|e’tibor berma|etibor berma|e'tiborsiz qoldir|unut",
        "ko'rsatma|ko‘rsatma|korsatma|yo'riqnoma|buyruq|qoida",
        "oldingi|barcha|hamma|avvalgi",
        "tizim prompt|tizim ko'rsatma",
        "ko'rsat|ko‘rsat|yoz|oshkor",
        "parol|kalit|token",
        "yubor|ko'rsat|ko‘rsat",
        "foydalanuvchi",
    ))),
    "et": tuple(map(_nfkc, (
        "ignoreeri|unusta|eira",
        "juhis|käsk|käsu|reegl",
        "eelneva|varasema|kõik|eelmis",
        "süsteemiviip|süsteemi juhis",
        "näita|avalda|kirjuta",
        "parool|võti|võtme|token",
        "saada|näita|avalda",
        "kasutaja",
    ))),
    "sq": tuple(map(_nfkc, (
        "injoro|shpërfill|harro",
        "udhëzim|urdhr|rregull",
        "mëparshme|gjitha|sipër",
        "promptin e sistemit|udhëzimet e sistemit",
        "shfaq|trego|zbulo|shkruaj",
        "fjalëkalim|çelës|token",
        "dërgo|trego|zbulo",
        "përdorues",
    ))),
    "cy": tuple(map(_nfkc, (
        "anwybydda|anwybyddwch|anghofia|anghofiwch",
        "cyfarwyddiadau|cyfarwyddyd|gorchmyn|rheolau",
        "blaenorol|i gyd|pob un|uchod",
        "anogwr system|cyfarwyddiadau system",
        "dangos|datgela|ysgrifenna",
        "cyfrinair|allwedd|tocyn",
        "anfon|dangos|datgela",
        "defnyddiwr",
    ))),
    "tl": tuple(map(_nfkc, (
        "huwag pansinin|balewalain|kalimutan|ibalewala",
        "tagubilin|utos|panuto|patakaran",
        "nakaraang|naunang|lahat|dating",
        "system prompt mo|prompt ng sistema",
        "ipakita|ilabas|isulat",
        "password|susi|token",
        "ipadala|ipakita|ilabas",
        "gumagamit",
    ))),
}

_TABLE.update(tonguerows.ROWS)

_SENTENCE = re.compile(r"[^.!?\n。।؟።۔]+")


def _has(sentence: str, words: _Words) -> bool:
    return any(word in sentence for word in words)


_LATIN = ("tr", "vi", "id", "nl", "pl", "sv", "sw", "cs", "ro", "hu", "fi", "uz", "et", "sq", "cy", "tl", *tonguerows.LATIN)
_GATES = tuple((lang in _LATIN, row, row[0] + row[3] + row[7]) for lang, row in _TABLE.items())
"""Each language, whether it is written in Latin letters, and the words one of which must occur for a rule to
trip (ignore, system prompt, the user)."""
_LATIN_GATES = tuple((row, tuple(w for w in words if w.isascii())) for latin, row, words in _GATES if latin)
_LATIN_ALL_GATES = tuple((row, words) for latin, row, words in _GATES if latin)
_ALL_GATES = tuple((row, words) for _, row, words in _GATES)
_OTHER_GATE = re.compile("|".join(re.escape(w) for latin, _, words in _GATES if not latin for w in words))
"""Any gate word of the languages in their own scripts: one search rules them all out for most texts."""


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by a core order in one of :data:`_TABLE`'s languages."""
    found: set[str] = set()
    if text.isascii():
        gates = _LATIN_GATES
    elif _OTHER_GATE.search(text) is None:
        gates = _LATIN_ALL_GATES
    else:
        gates = _ALL_GATES
    for row, gate in gates:
        if not _has(text, gate):
            continue
        ignore, orders, prior, prompt, show, secret, send, user = row
        for sentence in _SENTENCE.findall(text):
            if _has(sentence, ignore) and _has(sentence, orders) and (_has(sentence, prior) or _has(sentence, user)):
                found.add("instruction_override")
            if (_has(sentence, prompt) and _has(sentence, show)) or (
                _has(sentence, secret) and _has(sentence, send) and _has(sentence, user)
            ):
                found.add("exfiltration")
    return found
