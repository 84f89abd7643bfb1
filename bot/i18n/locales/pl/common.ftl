# Wspólne słowa. Lądy w kolejności WUBRG, nazwami z polskich kart Magic.
land-plains = Równina
land-island = Wyspa
land-swamp = Bagno
land-mountain = Góra
land-forest = Las
# Między dwoma zdaniami.
common-sentence-join = {" "}

# Odpowiedzi wspólne dla wszystkich komend i przycisków (bot/interactions.py).
common-not-current = Ten wybór jest już nieaktualny.
common-not-now = Nie możesz tego teraz zrobić.
common-bad-option = Nie rozumiem wartości { $value } dla tej opcji.
common-out-of-range = `{ $option }` musi mieścić się w przedziale od { $low } do { $high }.
common-out-of-date = Ta komenda jest nieaktualna; spróbuj ponownie za minutę.
common-went-wrong = Coś poszło nie tak (identyfikator błędu { $id }).
common-storage-busy = Baza danych bota jest teraz zajęta, więc nic nie zostało zastosowane. Spróbuj ponownie za chwilę.
