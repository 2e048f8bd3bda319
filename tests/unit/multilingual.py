"""Real multilingual text for truncation and grapheme tests: prose in several scripts, combining
accents, emoji ZWJ sequences with skin tones, flags, Hangul in jamo, Indic conjuncts, CR LF lines."""

from __future__ import annotations

SAMPLES: tuple[str, ...] = (
    "The quick brown fox jumps over the lazy dog. It was the best of times, it was the worst of times.\n",
    "Le cœur a ses raisons que la raison ne connaît point. Ça déjà vu, naïve façade.\r\n",
    "Cafe\u0301 cre\u0300me bru\u0302le\u0301e, an\u0303o, Zu\u0308rich: decomposed accents stay with their letter.\n",
    "Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319a\u0300\u0301l\u0308go\u0336 text with stacked marks.\n",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.\n",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.\n",
    "我能吞下玻璃而不伤身体。天地玄黄，宇宙洪荒。日月盈昃，辰宿列张。\n",
    "いろはにほへとちりぬるを わかよたれそつねならむ。カタカナとひらがな、漢字。ｶﾞｷﾞｸﾞ\n",
    "키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다.\n",
    "\u1112\u1161\u11ab\u1100\u1173\u11af jamo: \u1100\u1161 \u1100\u1161\u11a8 \u1103\u1167\u11bc\u1109\u1165\u11bc\n",
    "ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश करने वाले विष्णुवतार भगवान श्रीराम।\n",
    "আমি কাঁচ খেতে পারি, তাতে আমার কোনো ক্ষতি হয় না। ক্ষ্ম স্ত্র\n",
    "நான் கண்ணாடி சாப்பிடுவேன், அதனால் எனக்கு ஒரு கேடும் வராது.\n",
    "أنا قادر على أكل الزجاج و هذا لا يؤلمني. مَرْحَبًا بِكُمْ\n",
    "אני יכול לאכול זכוכית וזה לא מזיק לי. שָׁלוֹם\n",
    "ฉันกินกระจกได้ แต่มันไม่ทำให้ฉันเจ็บ น้ำ กำลัง\n",
    "Emoji: 👨‍👩‍👧‍👦 family, 👩🏽‍💻 coder, 🏳️‍🌈 flag, ❤️ heart, 👍🏿 thumbs, 🧑‍🤝‍🧑 pair.\n",
    "Flags: 🇫🇷🇩🇪🇯🇵🇺🇸🇧🇷 and a lone 🇦 then 🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scotland.\n",
    "Keycaps 1️⃣ #️⃣ and variation selectors ☺︎ ☺️ 葛󠄀 (ideographic VS).\n",
    'def f(x):\r\n    return {"k": [1, 2, 3]}  # code with CRLF\r\n',
    "Mixed: naïve café — “quotes” – dashes… ellipsis ½ ℃ ﬁ ligature, tab\there.\n",
    "ሰማይ አይታረስ ንጉሥ አይከሰስ። ᚠᛇᚻ᛫ᛒᛦᚦ᛫ᚠᚱᚩᚠᚢᚱ᛫ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕥𝕖𝕩𝕥 𐍈 😀😃😄\n",
)

CORPUS: str = "".join(SAMPLES)
