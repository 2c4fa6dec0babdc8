-- Default option lists. Admins can add more rows; ids are stable keys used by code and imports.
INSERT INTO sector (id, labels, sort) VALUES
  ('litvish',    '{"he":"ליטאי","en":"Litvish","de":"Litauisch","ru":"Литовский"}', 10),
  ('chassidish', '{"he":"חסידי","en":"Chassidish","de":"Chassidisch","ru":"Хасидский"}', 20),
  ('sephardi',   '{"he":"ספרדי","en":"Sephardi","de":"Sephardisch","ru":"Сефардский"}', 30),
  ('chabad',     '{"he":"חב״ד","en":"Chabad","de":"Chabad","ru":"Хабад"}', 40),
  ('chardal',    '{"he":"חרדי לאומי","en":"Chardal","de":"Chardal","ru":"Хардаль"}', 50),
  ('dati_leumi', '{"he":"דתי לאומי","en":"Religious Zionist","de":"Religiös-zionistisch","ru":"Религиозный сионист"}', 60),
  ('modern',     '{"he":"דתי מודרני","en":"Modern Orthodox","de":"Modern-orthodox","ru":"Современный ортодокс"}', 70);

INSERT INTO profile_status (id, labels, sort) VALUES
  ('available',   '{"he":"פנוי/ה להצעות","en":"Open to suggestions","de":"Offen für Vorschläge","ru":"Открыт(а) для предложений"}', 10),
  ('inquiries',   '{"he":"בבירורים","en":"Inquiries under way","de":"In Erkundigung","ru":"Идут справки"}', 20),
  ('dating',      '{"he":"בפגישות","en":"Dating","de":"Trifft sich","ru":"Встречается"}', 30),
  ('on_hold',     '{"he":"בהמתנה","en":"On hold","de":"Pausiert","ru":"На паузе"}', 40),
  ('not_looking', '{"he":"לא מחפש/ת כרגע","en":"Not looking now","de":"Sucht derzeit nicht","ru":"Сейчас не ищет"}', 50);
