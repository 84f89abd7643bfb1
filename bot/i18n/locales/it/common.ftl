# Parole comuni. Le terre in ordine WUBRG, e i termini del regolamento.
land-plains = Pianura
land-island = Isola
land-swamp = Palude
land-mountain = Montagna
land-forest = Foresta
