# /mulligan: practice hands, the coach, decks, odds, stats and the leaderboard.
# Command names inside text come from commands.ftl ({ cmd-mulligan.name } …), so they match
# what the reader's Discord client shows.

## The mulligan rules (RULES §2) and the preset decks

mulligan-rule-paris = Paris (1997)
mulligan-rule-vancouver = Vancouver (2015)
mulligan-rule-london = London (2019)
mulligan-rule-partial_paris = Partial Paris
mulligan-rule-early_1994 = Early rule (1994)
mulligan-preset-constructed = Constructed (60 cards, 24 lands)
mulligan-preset-limited = Limited (40 cards, 17 lands)
mulligan-preset-commander = Commander (99 + commander, 36 lands)
mulligan-preset-bingomagic = BingoMagic (60 basic lands)
mulligan-choice-constructed = Preset: Constructed (60 cards, 24 lands)
mulligan-choice-limited = Preset: Limited (40 cards, 17 lands)
mulligan-choice-commander = Preset: Commander (99 + commander, 36 lands)
mulligan-choice-bingomagic = Preset: BingoMagic (60 basic lands, 5-card hands)
mulligan-choice-saved = Saved: { $name }
mulligan-card-land = Land
mulligan-card-spell = Spell

## The practice hand

mulligan-hand-title = Opening hand — { $deck }
mulligan-hand-lands = Lands ({ $count })
mulligan-hand-spells = Spells ({ $count })
mulligan-hand-unchecked = Not checked yet, counted as spells
mulligan-hand-unchecked-text = Scryfall could not be reached to check these cards; they are looked up again at your next practice with this deck: { $names }
mulligan-footer-rule = { $rule } mulligans
mulligan-footer-rule-free = { $rule } mulligans, free first
mulligan-footer-play = { $play ->
        [play] on the play
       *[draw] on the draw
    }
mulligan-footer-taken = mulligans taken: { $count }
mulligan-prompt-1994-needs = **Keep?** The 1994 mulligan needs a hand of all lands or no lands.
mulligan-prompt-no-more = **Keep.** No more mulligans are possible.
mulligan-prompt-partial-paris = **Keep or mulligan?** A mulligan sets cards aside and draws one fewer (this hand: { $size ->
        [one] { $size } card
       *[other] { $size } cards
    } → { $next }).
mulligan-prompt-1994 = **Keep or mulligan?** This hand qualifies for the 1994 mulligan: a new full hand.
mulligan-prompt-next = **Keep or mulligan?** The next mulligan gives you { $next } { $next ->
        [one] card
       *[other] cards
    }.
mulligan-prompt-bottom = **Choose { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to put on the bottom** of your library.
mulligan-prompt-aside = **Choose the cards to set aside.** You draw one fewer than you set aside.
mulligan-prompt-scry = **Scry 1.** The top card of your library is **{ $card }**. Top or bottom?
mulligan-scry-nothing = nothing
mulligan-kept = Kept.
mulligan-button-keep = Keep
mulligan-button-mulligan = Mulligan
mulligan-button-top = Top
mulligan-button-bottom = Bottom
mulligan-button-again = Practice again
mulligan-select-bottom = Choose { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } for the bottom
mulligan-select-aside = Choose the cards to set aside
mulligan-option-land = (land)
mulligan-hand-in-dms = Your hand is in your DMs.
mulligan-dms-closed = Your DMs are closed, so here it is privately.
mulligan-dm-failed = I couldn't DM you, so here it is privately.

## The coach

mulligan-coach-keep = **Coach.** Keeping { $cards ->
        [one] this card
       *[other] these { $cards } cards
    }, you make every land drop through turn { $turns } { $play ->
        [play] on the play
       *[draw] on the draw
    } **{ $percent }** of the time.
mulligan-coach-empty-library = **Coach.** Your library is empty, so your first draw { $play ->
        [play] on the play
       *[draw] on the draw
    } loses the game: no land-drop figure to give.
mulligan-coach-runs-out = Your library is empty from turn { $turn }, so this keep is not rated.
mulligan-coach-keep-better = ✅ Keeping was the better choice.
mulligan-coach-mulligan-better = ❌ A mulligan would have done better.
mulligan-next-draws = Your next draws: { $cards }.
mulligan-next-draws-none = none
mulligan-coach-estimating = **Coach.** Estimating your chance of winning a BingoMagic match with this hand, against a mulligan… (this takes a second or two)
mulligan-coach-failed = **Coach.** The estimate failed this time; no figure.
mulligan-coach-bingo = **Coach.** Keeping { $cards ->
        [one] this card
       *[other] these { $cards } cards
    } { $play ->
        [play] on the play
       *[draw] on the draw
    }, you win a BingoMagic match { $estimate } of the time, by { $games ->
        [one] { $games } simulated match
       *[other] { $games } simulated matches
    } with the medium AI playing both seats.
mulligan-coach-estimate = **{ $percent }** (95% interval { $low }–{ $high })
mulligan-coach-unrated = No mulligan was possible, so this keep is not rated.
mulligan-coach-bingo-instead = Mulliganing instead to { $size ->
        [one] { $size } card
       *[other] { $size } cards
    }: { $estimate }. { $verdict }

## Refusals and errors (private)

mulligan-not-yours = This isn't your practice hand.
mulligan-expired = This practice hand is gone: deals are kept { $days ->
        [one] { $days } day
       *[other] { $days } days
    }. Start a new one with `/{ cmd-mulligan.name } { cmd-mulligan-practice.name }`.
mulligan-1994-refusal = The 1994 mulligan is for Magic decks: every card here is a land.
mulligan-deck-too-many = You have { $count ->
        [one] { $count } saved deck
       *[other] { $count } saved decks
    }, the most a member may keep ({ $max }). Delete one with `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-delete.name }` first, or save over one of your deck names.
mulligan-no-such-deck = You have no saved deck named “{ $name }”. Save one with `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`.
mulligan-deck-too-big = “{ $name }” has { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }; a deck holds at most { $max }. Save it again with fewer cards.
mulligan-deck-name-blank = A deck name needs at least one character besides spaces.
mulligan-odds-need-deck = Give a deck, or both `{ cmd-mulligan-odds-size.name }` and `{ cmd-mulligan-odds-lands.name }`.
mulligan-odds-too-many-lands = A deck can't have more lands than cards.

## Saved decks (private)

mulligan-modal-title = Save a decklist
mulligan-modal-label = Decklist
mulligan-no-decks = You have no saved decks. Use `/{ cmd-mulligan.name } { cmd-mulligan-deck.name } { cmd-mulligan-deck-save.name }`.
mulligan-deck-line = **{ $name }** — { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, { $lands ->
        [one] { $lands } land
       *[other] { $lands } lands
    }{ $unchecked ->
        [0] {""}
       *[other] , { $unchecked } not checked yet
    }
mulligan-deck-line-too-big = **{ $name }** — { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } (too many to practise)
mulligan-deck-deleted = Deleted **{ $name }**.
mulligan-more = …and { $count } more.
mulligan-more-short = { $count } more
mulligan-save-bad-lines = Nothing was saved. Please fix these lines:
mulligan-save-bad-line = Line { $number }: { $line } — { $reason }
mulligan-save-too-few = Nothing was saved: the deck has { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }; practice needs at least { $min }.
mulligan-saved = Saved **{ $name }**: { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, { $lands ->
        [one] { $lands } land
       *[other] { $lands } lands
    }{ $unchecked ->
        [0] {""}
       *[other] , { $unchecked } not checked yet
    }.
mulligan-saved-commander = Commander: { $names }.
mulligan-saved-unchecked = Scryfall could not be reached to check these cards, so they count as spells for now. I look them up again when you practise with this deck, ask its odds or list your decks:

## Odds (public: the server's language)

mulligan-odds-title = Odds — { $deck }
mulligan-odds-custom-deck = { $size ->
        [one] { $size } card
       *[other] { $size } cards
    }, { $lands ->
        [one] { $lands } land
       *[other] { $lands } lands
    }
mulligan-odds-lands-in-hand = Lands in the opening { $size }
mulligan-odds-lands-row = { $lands ->
        [one] { $lands } land:
       *[other] { $lands } lands:
    }
mulligan-odds-kept-size = Kept hand size ({ $policy })
mulligan-odds-kept-row = { $size ->
        [one] { $size } card:
       *[other] { $size } cards:
    }
mulligan-odds-policy = London policy
mulligan-odds-policy-free = London policy, free first
mulligan-odds-drops = Every land drop through turn { $turn }
mulligan-odds-on-the-play = On the play:
mulligan-odds-on-the-draw = On the draw:
mulligan-odds-average = Average:
mulligan-odds-runs-out = The library runs out before turn { $turn }
mulligan-odds-runs-out-text = After the opening hand it holds { $library ->
        [one] { $library } card
       *[other] { $library } cards
    }: it is empty from turn { $draw } on the draw (turn { $play } on the play), and drawing from an empty library loses the game.
mulligan-odds-footer = Exact figures (hypergeometric), not a simulation.
mulligan-odds-unchecked = { $count ->
        [one] { $count } card of this deck is not checked yet (Scryfall could not be reached) and counts as a spell: { $names }
       *[other] { $count } cards of this deck are not checked yet (Scryfall could not be reached) and count as spells: { $names }
    }

## Stats and leaderboard (public: the server's language)

mulligan-stats-title = Mulligan practice — { $name }
mulligan-stats-none = No practice hands in this server yet.
mulligan-stats-hands = Hands seen
mulligan-stats-mulligans = Mulligans taken
mulligan-stats-keeps = Keeps
mulligan-stats-agreed = Coach agreed
mulligan-stats-sizes = Kept hand sizes
mulligan-stats-rate = { $percent } ({ $agreed }/{ $rated })
mulligan-leaderboard-title = Mulligan practice leaderboard
mulligan-leaderboard-row = **{ $rank }.** { $member } — { $percent } agreed ({ $agreed }/{ $rated }, { $hands ->
        [one] { $hands } hand
       *[other] { $hands } hands
    })
mulligan-leaderboard-empty = Nobody has practised { $min ->
        [one] { $min } hand
       *[other] { $min } hands
    } in this server yet.
mulligan-leaderboard-footer = Ranked by agreement with the coach; at least { $min ->
        [one] { $min } hand
       *[other] { $min } hands
    }.
