# Dlaczego wiersz wklejonej listy talii jest odrzucany (bot/decks/parser.py). Fragmenty:
# komenda pokazuje je po „Wiersz N: <wiersz> — ”.

deck-error-count-not-whole = liczba { $word } nie jest liczbą całkowitą od 1 do { $max }
deck-error-missing-count = brak liczby kopii (napisz np. „4 Nazwa karty”)
deck-error-count-range = liczba { $count } nie mieści się między 1 a { $max }
deck-error-missing-name = brak nazwy karty
deck-error-name-too-long = nazwa karty ma więcej niż { $max ->
        [one] { $max } znak
        [few] { $max } znaki
        [many] { $max } znaków
       *[other] { $max } znaku
    }
deck-error-too-many-cards = talia przekracza tu { $max ->
        [one] { $max } kartę
        [few] { $max } karty
        [many] { $max } kart
       *[other] { $max } karty
    } (najwięcej, ile może mieć)
