# /mulligan: mani di allenamento, l'allenatore, i mazzi, le probabilità, le statistiche e la
# classifica. I nomi dei comandi nel testo vengono da commands.ftl ({ cmd-mulligan.name } …),
# così sono quelli che il Discord del lettore mostra.
# I nomi delle regole seguono la fonte italiana: “Paris Mulligan”, “Vancouver Mulligan”, il
# “primo mulligan ufficiale” del 1994; “mazzo”, “terre”, “mano iniziale”, “scry”.

## Le regole del mulligan (RULES §2) e i mazzi predefiniti

mulligan-rule-paris = Paris Mulligan (1997)
mulligan-rule-vancouver = Vancouver Mulligan (2015)
mulligan-rule-london = London Mulligan (2019)
mulligan-rule-partial_paris = Partial Paris Mulligan
mulligan-rule-early_1994 = Primo mulligan ufficiale (1994)
mulligan-preset-constructed = Constructed (60 carte, 24 terre)
mulligan-preset-limited = Limited (40 carte, 17 terre)
mulligan-preset-commander = Commander (99 + comandante, 36 terre)
mulligan-preset-bingomagic = BingoMagic (60 terre base)
mulligan-choice-constructed = Predefinito: Constructed (60 carte, 24 terre)
mulligan-choice-limited = Predefinito: Limited (40 carte, 17 terre)
mulligan-choice-commander = Predefinito: Commander (99 + comandante, 36 terre)
mulligan-choice-bingomagic = Predefinito: BingoMagic (60 terre base, mani di 5 carte)
mulligan-choice-saved = Salvato: { $name }
mulligan-card-land = Terra
mulligan-card-spell = Magia

## La mano di allenamento

mulligan-hand-title = Mano iniziale — { $deck }
mulligan-hand-lands = Terre ({ $count })
mulligan-hand-spells = Magie ({ $count })
mulligan-hand-unchecked = Non ancora verificate, contate come magie
mulligan-hand-unchecked-text = Non sono riuscito a raggiungere Scryfall per verificare queste carte; le cerco di nuovo al tuo prossimo allenamento con questo mazzo: { $names }
mulligan-footer-rule = { $rule }
mulligan-footer-rule-free = { $rule }, primo mulligan gratuito
mulligan-footer-play = { $play ->
        [play] inizi tu
       *[draw] inizia l'avversario
    }
mulligan-footer-taken = mulligan fatti: { $count }
mulligan-prompt-1994-needs = **Tieni?** Il primo mulligan ufficiale (1994) vale solo per una mano di sole terre o senza terre.
mulligan-prompt-no-more = **Tieni.** Non puoi fare altri mulligan.
mulligan-prompt-partial-paris = **Tieni o fai mulligan?** Con un mulligan metti da parte delle carte e ne peschi una in meno (questa mano: { $size ->
        [one] { $size } carta
       *[other] { $size } carte
    } → { $next }).
mulligan-prompt-1994 = **Tieni o fai mulligan?** Questa mano permette il primo mulligan ufficiale (1994): una nuova mano completa.
mulligan-prompt-next = **Tieni o fai mulligan?** Il prossimo mulligan ti dà { $next ->
        [one] una carta
       *[other] { $next } carte
    }.
mulligan-prompt-bottom = **Scegli { $count ->
        [one] una carta
       *[other] { $count } carte
    } da mettere in fondo** al tuo mazzo.
mulligan-prompt-aside = **Scegli le carte da mettere da parte.** Ne peschi una in meno di quante ne metti da parte.
mulligan-prompt-scry = **Scry 1.** La prima carta del tuo mazzo è **{ $card }**. Sopra o in fondo?
mulligan-scry-nothing = nessuna
mulligan-kept = Tenuta.
mulligan-button-keep = Tieni
mulligan-button-mulligan = Mulligan
mulligan-button-top = Sopra
mulligan-button-bottom = In fondo
mulligan-button-again = Un'altra mano
mulligan-select-bottom = Scegli { $count ->
        [one] una carta
       *[other] { $count } carte
    } da mettere in fondo
mulligan-select-aside = Scegli le carte da mettere da parte
mulligan-option-land = (terra)
mulligan-hand-in-dms = La tua mano è nei tuoi messaggi diretti.
mulligan-dms-closed = I tuoi messaggi diretti sono chiusi, quindi eccola qui, solo per te.
mulligan-dm-failed = Non sono riuscito a mandarti un messaggio diretto, quindi eccola qui, solo per te.

## L'allenatore

mulligan-coach-keep = **Allenatore.** Tenendo { $cards ->
        [one] questa carta
       *[other] queste { $cards } carte
    }, giochi una terra a ogni turno fino al turno { $turns } { $play ->
        [play] se inizi tu
       *[draw] se inizia l'avversario
    } nel **{ $percent }** dei casi.
mulligan-coach-empty-library = **Allenatore.** Il tuo mazzo è vuoto, quindi la tua prima pescata { $play ->
        [play] se inizi tu
       *[draw] se inizia l'avversario
    } ti fa perdere la partita: non c'è una probabilità da dare.
mulligan-coach-runs-out = Il tuo mazzo è vuoto dal turno { $turn }, quindi questa scelta non viene valutata.
mulligan-coach-keep-better = ✅ Tenere era la scelta migliore.
mulligan-coach-mulligan-better = ❌ Un mulligan sarebbe andato meglio.
mulligan-next-draws = Le tue prossime pescate: { $cards }.
mulligan-next-draws-none = nessuna
mulligan-coach-estimating = **Allenatore.** Calcolo la tua probabilità di vincere una partita di BingoMagic con questa mano, contro un mulligan… (ci vuole un secondo o due)
mulligan-coach-failed = **Allenatore.** Questa volta la stima non è riuscita; nessuna cifra.
mulligan-coach-bingo = **Allenatore.** Tenendo { $cards ->
        [one] questa carta
       *[other] queste { $cards } carte
    } { $play ->
        [play] se inizi tu
       *[draw] se inizia l'avversario
    }, vinci una partita di BingoMagic con probabilità { $estimate }, su { $games ->
        [one] { $games } partita simulata
       *[other] { $games } partite simulate
    } con l'IA di livello medio da entrambe le parti.
mulligan-coach-estimate = **{ $percent }** (intervallo al 95%: { $low }–{ $high })
mulligan-coach-unrated = Non era possibile fare mulligan, quindi questa scelta non viene valutata.
mulligan-coach-bingo-instead = Facendo invece mulligan a { $size ->
        [one] una carta
       *[other] { $size } carte
    }: { $estimate }. { $verdict }

## Rifiuti ed errori (privati)

mulligan-not-yours = Questa non è la tua mano di allenamento.
mulligan-expired = Questa mano di allenamento non c'è più: le mani si conservano per { $days ->
        [one] un giorno
       *[other] { $days } giorni
    }. Iniziane una nuova con `/{ cmd-mulligan.name } { cmd-mulligan-practice.name }`.
mulligan-1994-refusal = Il primo mulligan ufficiale (1994) è per i mazzi di Magic: qui ogni carta è una terra.
mulligan-deck-too-many = Hai { $count ->
        [one] { $count } mazzo salvato
       *[other] { $count } mazzi salvati
    }, il massimo che un membro può tenere ({ $max }). Prima eliminane uno con `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-delete.name }`, oppure salva sopra uno dei tuoi nomi di mazzo.
mulligan-no-such-deck = Non hai un mazzo salvato di nome “{ $name }”. Salvane uno con `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`.
mulligan-deck-too-big = “{ $name }” ha { $count ->
        [one] { $count } carta
       *[other] { $count } carte
    }; un mazzo ne contiene al massimo { $max }. Salvalo di nuovo con meno carte.
mulligan-deck-name-blank = Il nome di un mazzo deve avere almeno un carattere oltre agli spazi.
mulligan-odds-need-deck = Indica un mazzo, oppure sia `{ cmd-mulligan-odds-size.name }` sia `{ cmd-mulligan-odds-lands.name }`.
mulligan-odds-too-many-lands = Un mazzo non può avere più terre che carte.

## Mazzi salvati (privati)

mulligan-modal-title = Salva una lista del mazzo
mulligan-modal-label = Lista del mazzo
mulligan-no-decks = Non hai mazzi salvati. Usa `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`.
mulligan-deck-line = **{ $name }** — { $count ->
        [one] { $count } carta
       *[other] { $count } carte
    }, { $lands ->
        [one] una terra
       *[other] { $lands } terre
    }{ $unchecked ->
        [0] {""}
       *[other] , { $unchecked } ancora da verificare
    }
mulligan-deck-line-too-big = **{ $name }** — { $count ->
        [one] { $count } carta
       *[other] { $count } carte
    } (troppe per allenarsi)
mulligan-deck-deleted = Mazzo **{ $name }** eliminato.
mulligan-more = { $count ->
        [one] …e un'altra.
       *[other] …e altre { $count }.
    }
mulligan-more-short = { $count ->
        [one] un'altra
       *[other] altre { $count }
    }
mulligan-save-bad-lines = Non ho salvato niente. Correggi queste righe:
mulligan-save-bad-line = Riga { $number }: { $line } — { $reason }
mulligan-save-too-few = Non ho salvato niente: il mazzo ha { $count ->
        [one] { $count } carta
       *[other] { $count } carte
    }; per allenarsi ne servono almeno { $min }.
mulligan-saved = Salvato **{ $name }**: { $count ->
        [one] { $count } carta
       *[other] { $count } carte
    }, { $lands ->
        [one] una terra
       *[other] { $lands } terre
    }{ $unchecked ->
        [0] {""}
       *[other] , { $unchecked } ancora da verificare
    }.
mulligan-saved-commander = Comandante: { $names }.
mulligan-saved-unchecked = Non sono riuscito a raggiungere Scryfall per verificare queste carte, quindi per ora contano come magie. Le cerco di nuovo quando ti alleni con questo mazzo, ne chiedi le probabilità o elenchi i tuoi mazzi:

## Probabilità (pubbliche: la lingua del server)

mulligan-odds-title = Probabilità — { $deck }
mulligan-odds-custom-deck = { $size ->
        [one] { $size } carta
       *[other] { $size } carte
    }, { $lands ->
        [one] { $lands } terra
       *[other] { $lands } terre
    }
mulligan-odds-lands-in-hand = { $size ->
        [one] Terre nella { $size } carta iniziale
       *[other] Terre nelle { $size } carte iniziali
    }
mulligan-odds-lands-row = { $lands ->
        [one] { $lands } terra:
       *[other] { $lands } terre:
    }
mulligan-odds-kept-size = Carte nella mano tenuta ({ $policy })
mulligan-odds-kept-row = { $size ->
        [one] { $size } carta:
       *[other] { $size } carte:
    }
mulligan-odds-policy = strategia London
mulligan-odds-policy-free = strategia London, primo mulligan gratuito
mulligan-odds-drops = Una terra a ogni turno fino al turno { $turn }
mulligan-odds-on-the-play = Se inizi tu:
mulligan-odds-on-the-draw = Se inizia l'avversario:
mulligan-odds-average = Media:
mulligan-odds-runs-out = Il mazzo finisce prima del turno { $turn }
mulligan-odds-runs-out-text = Dopo la mano iniziale contiene { $library ->
        [one] { $library } carta
       *[other] { $library } carte
    }: è vuoto dal turno { $draw } se inizia l'avversario (dal turno { $play } se inizi tu), e pescare da un mazzo vuoto fa perdere la partita.
mulligan-odds-footer = Valori esatti (ipergeometrici), non una simulazione.
mulligan-odds-unchecked = { $count ->
        [one] { $count } carta di questo mazzo non è ancora verificata (Scryfall non è raggiungibile) e conta come magia: { $names }
       *[other] { $count } carte di questo mazzo non sono ancora verificate (Scryfall non è raggiungibile) e contano come magie: { $names }
    }

## Statistiche e classifica (pubbliche: la lingua del server)

mulligan-stats-title = Allenamento al mulligan — { $name }
mulligan-stats-none = Ancora nessuna mano di allenamento in questo server.
mulligan-stats-hands = Mani viste
mulligan-stats-mulligans = Mulligan fatti
mulligan-stats-keeps = Mani tenute
mulligan-stats-agreed = D'accordo con l'allenatore
mulligan-stats-sizes = Carte nelle mani tenute
mulligan-stats-rate = { $percent } ({ $agreed }/{ $rated })
mulligan-leaderboard-title = Classifica dell'allenamento al mulligan
mulligan-leaderboard-row = **{ $rank }.** { $member } — d'accordo nel { $percent } dei casi ({ $agreed }/{ $rated }, { $hands ->
        [one] { $hands } mano
       *[other] { $hands } mani
    })
mulligan-leaderboard-empty = Nessuno ha ancora fatto { $min ->
        [one] { $min } mano
       *[other] { $min } mani
    } di allenamento in questo server.
mulligan-leaderboard-footer = In ordine di accordo con l'allenatore; almeno { $min ->
        [one] { $min } mano
       *[other] { $min } mani
    }.
