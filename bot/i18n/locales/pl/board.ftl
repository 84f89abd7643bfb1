# Obraz planszy (bot/ui/board_image.py). Tekst publiczny: w języku serwera.
# Nazwy lądów ($land) są w mianowniku, więc zdania stawiają je po dwukropku.
board-title = BingoMagic #{ $id }
board-turn = Kolejka { $turn } · ruch: { $name }
board-mulligans = Mulligany
board-hand = { $count ->
    [one] Ręka: 1 karta
    [few] Ręka: { $count } karty
    [many] Ręka: { $count } kart
   *[other] Ręka: { $count } karty
}
board-library = biblioteka
board-discard = Stos odrzuconych
board-discard-empty = Stos odrzuconych: pusty
board-on-stack = Zagrywany ląd
board-line-column = Pięć lądów jednego koloru
board-line-row = Po jednym lądzie każdego koloru
board-last = Ostatni ruch: { $move }
board-last-announce = { $name } wykłada ląd: { $land }
board-last-resolve = { $name } — ląd na terytorium: { $land }
board-last-counter = { $name } kontruje ląd: { $land }
board-last-discard = { $name } odrzuca: { $land }
board-last-destroy = { $name } niszczy ląd gracza { $target }: { $land }
board-last-take = { $name } bierze z odrzuconych: { $land }
board-last-pass = { $name } pasuje
board-last-timeout = { $name } — koniec czasu
board-last-resign = { $name } się poddaje
board-win = { $name } wygrywa: { $how }
board-how-column = pięć lądów jednego koloru
board-how-row = po jednym z każdego koloru
board-how-resign = poddanie
board-how-timeout = przekroczenie czasu
board-how-other = zasady gry
board-draw = Remis
board-no-result = Brak wyniku
board-moderator = Zakończony przez moderatora: { $reason }
board-moderator-no-reason = Zakończony przez moderatora

## Bliskie wygrane i tekst alternatywny (obraz słowami: bot/ui/board_image.py board_alt_text)
board-near-win = { $name } potrzebuje do wygranej jeszcze jednego lądu: { $land }
board-alt-intro = Plansza meczu BingoMagic #{ $id }. { $status }.
board-alt-player = { $name }: terytorium: { $territory }; { $hand }; stos odrzuconych: { $discard }.
board-alt-none = pusto
board-alt-count = { $land } { $n }
board-alt-library = { $n ->
    [one] Biblioteka: 1 karta.
    [few] Biblioteka: { $n } karty.
    [many] Biblioteka: { $n } kart.
   *[other] Biblioteka: { $n } karty.
}
board-alt-stack = Zagrywany ląd: { $land }.
board-alt-line = { $text }.
