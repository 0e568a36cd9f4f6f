"""More rows of :mod:`mnemon.safety.tongues`' word table: the three core orders in further languages.

The same reading as ``tongues`` (its docstring): within one sentence, a word for ignore, one for instructions and
one for previous (or all, or the user) is an ``instruction_override``; a word for the system prompt with one for
show, or a secret's word with one for send and one naming the user, is ``exfiltration``. Kept apart so that
``tongues`` stays readable; rows are in NFKC and lower case, like the folded texts they are matched against.
Slovak, Armenian, Mongolian, Sinhala, Malayalam, Esperanto, Khmer, Icelandic, Latvian, Lithuanian, Georgian,
Basque, Slovene and Zulu.
"""

from __future__ import annotations

import unicodedata

_Words = tuple[str, ...]


def _nfkc(words: str) -> _Words:
    return tuple(unicodedata.normalize("NFKC", w).lower() for w in words.split("|"))


# language: (ignore, instructions, previous, system prompt, show, secret, send or show, user)
ROWS: dict[str, tuple[_Words, ...]] = {
    "sk": tuple(map(_nfkc, (
        "ignoruj|ignorujte|zabudni|zabudnite|nevšímaj|nevsimaj|neber do úvahy|prehliadni",
        "pokyn|inštrukci|instrukci|príkaz|prikaz|pravidl",
        "predchádzajúc|predchadzajuc|predošl|všetk|vsetk|vyššie|ďalšie|dalsie",
        "systémový prompt|systemovy prompt|systémové pokyny|systémovú výzvu",
        "ukáž|ukaz|zobraz|vypíš|vypis|prezraď",
        "heslo|heslá|hesla|kľúč|kluc|token",
        "pošli|posli|pošlite|odošli|zobraz|vypíš",
        "používateľ|pouzivatel",
    ))),
    "hy": tuple(map(_nfkc, (
        "անտեսիր|անտեսեք|անտեսել|մոռացիր|մոռացեք",
        "հրահանգ|ցուցում|կանոն",
        "նախորդ|բոլոր|վերևի",
        "համակարգային հուշում|համակարգի հուշում",
        "ցույց տուր|բացահայտիր|տպիր",
        "գաղտնաբառ|բանալի|թոքեն",
        "ուղարկիր|ուղարկեք|ցույց տուր",
        "օգտատեր|օգտվող",
    ))),
    "mn": tuple(map(_nfkc, (
        "үл тоомсорло|үл хайхр|мартаарай|мартаад",
        "заавар|заавр|дүрэм|дүрм|тушаал",
        "өмнөх|бүх|дээрх",
        "системийн промпт|системийн заавар",
        "харуул|хэвлэ|задл",
        "нууц үг|түлхүүр|токен",
        "илгээ|харуул",
        "хэрэглэгч",
    ))),
    "si": tuple(map(_nfkc, (
        "නොසලකා|අමතක කර",
        "උපදෙස්|නීති|විධාන",
        "පෙර|සියලු|ඉහත",
        "පද්ධති විමසුම|පද්ධති උපදෙස්",
        "පෙන්වන්න|මුද්‍රණය කරන්න",
        "මුරපද|යතුර|ටෝකන",
        "එවන්න|යවන්න|පෙන්වන්න",
        "පරිශීලක",
    ))),
    "ml": tuple(map(_nfkc, (
        "അവഗണിക്ക|അവഗണിച്ച്|അവഗണിക്കൂ|മറക്കുക|മറന്ന്",
        "നിർദ്ദേശ|നിർദേശ|നിയമ|ആജ്ഞ",
        "മുമ്പത്തെ|മുൻപത്തെ|എല്ലാ|മുകളിലെ",
        "സിസ്റ്റം പ്രോംപ്റ്റ്|സിസ്റ്റം നിർദ്ദേശ",
        "കാണിക്കൂ|കാണിക്കുക|വെളിപ്പെടുത്ത",
        "പാസ്വേഡ്|രഹസ്യ|ടോക്കൺ",
        "അയക്കൂ|അയയ്ക്കുക|അയക്കുക|കാണിക്കൂ",
        "ഉപയോക്താവ",
    ))),
    "eo": tuple(map(_nfkc, (
        "ignoru|forgesu|malatentu",
        "instrukci|ordon|regul|direktiv",
        "antaŭ|antau|ĉiuj|ciuj|supr",
        "sistema instig|sisteman instig|sistema prompt|sisteman prompt",
        "montru|malkaŝu|malkasu|presu",
        "pasvort|ŝlosil|slosil|ĵeton",
        "sendu|montru|malkaŝu",
        "uzant",
    ))),
    "km": tuple(map(_nfkc, (
        "មិនអើពើ|បំភ្លេច|កុំខ្វល់",
        "ការណែនាំ|សេចក្តីណែនាំ|បញ្ជា|ច្បាប់",
        "មុន|ទាំងអស់|ខាងលើ",
        "ប្រអប់បញ្ចូលប្រព័ន្ធ|សារប្រព័ន្ធ",
        "បង្ហាញ",
        "ពាក្យសម្ងាត់|សោ|តូខឹន",
        "ផ្ញើ|បង្ហាញ",
        "អ្នកប្រើ",
    ))),
    "is": tuple(map(_nfkc, (
        "hunsaðu|hunsa |gleymdu|líttu fram hjá",
        "fyrirmæl|leiðbeining|skipun|reglu",
        "fyrri|öll|allar|ofan",
        "kerfisfyrirmæl|kerfisbeiðni",
        "sýndu|birtu|prentaðu",
        "lykilorð|lykil",
        "sendu|sýndu|birtu",
        "notand",
    ))),
    "lv": tuple(map(_nfkc, (
        "ignorē|ignore |aizmirsti|neņem vērā",
        "instrukcij|norādījum|noteikum|pavēl",
        "iepriekšēj|iepriekse|visas|visus|augstāk",
        "sistēmas uzvedn|sistēmas prompt",
        "parādi|izdrukā|atklāj",
        "parol|atslēg|žeton",
        "nosūti|sūti|parādi",
        "lietotāj",
    ))),
    "lt": tuple(map(_nfkc, (
        "ignoruok|pamiršk|nepaisyk",
        "instrukcij|nurodym|taisykl|komand",
        "ankstesn|visas|visus|aukščiau",
        "sistemos raginim|sistemos prompt",
        "parodyk|atskleisk|išspausdink",
        "slaptažod|rakt|žeton",
        "atsiųsk|siųsk|parodyk",
        "naudotoj|vartotoj",
    ))),
    "ka": tuple(map(_nfkc, (
        "უგულებელყავი|უგულვებელყავი|დაივიწყე",
        "ინსტრუქცი|მითითებ|წესებ|ბრძანებ",
        "წინა|ყველა|ზემოთ",
        "სისტემური მოთხოვნ|სისტემის მოთხოვნ",
        "მაჩვენე|გამოაჩინე|დაბეჭდე",
        "პაროლ|გასაღებ|ტოკენ",
        "გამომიგზავნე|გაგზავნე|მაჩვენე",
        "მომხმარებ",
    ))),
    "eu": tuple(map(_nfkc, (
        "ez ikusi|ahaztu|baztertu|ez egin kasurik",
        "argibide|jarraibide|agindu|arau",
        "aurreko|guztiak|goiko",
        "sistemaren prompt|sistema-prompt",
        "erakutsi|inprimatu",
        "pasahitz|gako",
        "bidali|erakutsi",
        "erabiltzaile",
    ))),
    "sl": tuple(map(_nfkc, (
        "prezri|ignoriraj|pozabi",
        "navodil|ukaz|pravil",
        "prejšnj|prejsnj|vsa |vse |zgornj",
        "sistemski poziv|sistemski prompt",
        "pokaži|pokazi|izpiši|razkrij",
        "geslo|gesla|ključ",
        "pošlji|poslji|pokaži|izpiši",
        "uporabni",
    ))),
    "zu": tuple(map(_nfkc, (
        "ziba|ungazinaki|khohlwa",
        "imiyalelo|iziyalezo|imithetho",
        "yangaphambilini|yangaphambili|konke|zonke",
        "i-system prompt|umyalezo wesistimu",
        "bonisa|khombisa",
        "iphasiwedi|amaphasiwedi|ukhiye",
        "thumela|bonisa",
        "umsebenzisi",
    ))),
}
LATIN = ("sk", "eo", "is", "lv", "lt", "eu", "sl", "zu")
"""The rows written in Latin letters (tried on ASCII texts with their ASCII words only)."""
