## Puzzles (/bingo puzzle, docs/puzzles.md)

cmd-bingo-puzzle =
    .name = puzzle
    .description = A puzzle from a real match: find the best move (only you see it).
cmd-bingo-daily-puzzle =
    .name = daily-puzzle
    .description = This server's puzzle of the day (only you see it).

puzzle-title = 🧩 Puzzle #{ $id }: find the best move
puzzle-from-own = From your match #{ $match }: learn from your mistakes
puzzle-from-server = From match #{ $match } of this server
puzzle-from-selfplay = From a match I played against myself
puzzle-from-daily = Puzzle of the day · { $date }
puzzle-seat = You play as **{ $name }**.
puzzle-bot-name = { $level ->
    [easy] Easy bot
    [hard] Hard bot
   *[medium] Medium bot
}
puzzle-turn = Turn { $turn }.
puzzle-mulligans = Mulligans, before the first turn.
puzzle-last = Just before: { $line }
puzzle-answered-before = You answered this puzzle before: this answer is not rated.
puzzle-hand = Your hand
puzzle-table = Table
puzzle-table-you = You: { $territory } · discard pile { $discard }
puzzle-table-other = { $name }: { $territory } · discard pile { $discard } · { $hand ->
        [one] { $hand } card in hand
       *[other] { $hand } cards in hand
    }
puzzle-table-library = Library: { $library ->
        [one] { $library } card
       *[other] { $library } cards
    }
puzzle-footer = Your puzzle rating: { $rating } · streak: { $streak ->
        [one] { $streak } day
       *[other] { $streak } days
    } · only you can see this
puzzle-picture-alt = The table at this puzzle. { $board }

puzzle-solved = ✅ Solved! Puzzle #{ $id }
puzzle-missed = ❌ Not the best move. Puzzle #{ $id }
puzzle-you-chose = You chose: **{ $move }**.
puzzle-best = Best move: **{ $move }**.
puzzle-played-own = In your match you chose { $move }.
puzzle-played-other = In the match, the player to move chose { $move }.
puzzle-chances-head = Chance that { $name } (the player to move) wins after each move
puzzle-chance-line = { $mark } { $move }: { $chance } %
puzzle-chances-note = Estimated from what { $name } could see then (hidden cards sampled, never read), by { $worlds ->
        [one] { $worlds } simulated match
       *[other] { $worlds } simulated matches
    } per move. ✅ best · 👉 your answer · 🎯 played in the match.
puzzle-rating-change = Your puzzle rating: { $before } → **{ $after }** ({ $delta }).
puzzle-not-rated = Not rated: only your first answer to a puzzle counts.
puzzle-streak = Streak: { $streak ->
        [one] { $streak } day
       *[other] { $streak } days
    } in a row with a puzzle solved (best: { $best }).
puzzle-rating-of-puzzle = This puzzle's rating: { $rating } · { $solved } of { $attempts ->
        [one] { $attempts } first answer right
       *[other] { $attempts } first answers right
    }.

puzzle-button-replay = Replay the match
puzzle-button-next = Next puzzle
puzzle-button-again = Try again
puzzle-button-solve = Solve it
puzzle-replay-footer = Puzzle #{ $id } · { $rules }
puzzle-replay-selfplay-title = Replay: a match I played against myself
puzzle-none = No puzzle left for you right now: every puzzle you can get here is answered. New ones come from analysed matches (`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`).
puzzle-none-today = This server has no puzzle of the day yet: puzzles come from analysed matches (`/{ cmd-bingo.name } { cmd-bingo-analyse.name }`).
puzzle-gone = This puzzle is gone: its match was deleted.
puzzle-day-over = That day is over: today's puzzle is one `/{ cmd-bingo.name } { cmd-bingo-daily-puzzle.name }` away.
puzzle-post-title = 🧩 Puzzle of the day · { $date }
puzzle-post-text = One position from a real match: find the best move. Press **Solve it**: only you see the puzzle and your answer. Your first answer today counts for your puzzle rating and streak.
privacy-export-about-puzzles = puzzles: your puzzle rating (Glicko-2: rating, 1500 at first; rd, how unsure it is, 350 at first; volatility), the puzzles you answered and solved, your streak of days with a puzzle solved, each answer (the move you chose, whether it was the best, your rating before and after) and the puzzles made of your own decisions (their match and step).
