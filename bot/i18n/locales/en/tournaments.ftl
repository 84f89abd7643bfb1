# Swiss tournaments: /bingo tournament …

tournament-button-join = Join
tournament-button-leave = Leave
tournament-rounds-auto = from the number of players
tournament-nobody = nobody yet
tournament-signup =
    🏆 **{ $name }** (tournament #{ $id }): sign-up is open!
    Swiss rounds: { $rounds } · { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    } a round{ $cut ->
        [0] {""}
       *[other] {""} · top { $cut } cut
    }
    Players ({ $count }): { $players }
tournament-started = 🏆 **{ $name }** has started: { $count ->
        [one] one player
       *[other] { $count } players
    }, { $rounds ->
        [one] one Swiss round
       *[other] { $rounds } Swiss rounds
    }.
tournament-round-title = **{ $name }**: pairings of round { $round } (ends { $deadline })
tournament-cut-title = **{ $name }**: elimination round { $round } (ends { $deadline })
tournament-table-line = Table { $table }: { $a } vs { $b }
tournament-bye-line = Bye: { $player } (a win, 3 points)
tournament-round-title-ended = **{ $name }**: round { $round } — ended
tournament-cut-title-ended = **{ $name }**: elimination round { $round } — ended
tournament-table-result = Table { $table }: { $a } vs { $b } · { $result ->
        [a] { $a } won
        [b] { $b } won
       *[draw] a draw
    }
tournament-standings-title = **{ $name }**: standings after round { $round }
tournament-final-title = 🏆 **{ $name }**: final standings
tournament-standings-header = `#  ` Player · points · W-L-D · OMW% · GW% · OGW%
tournament-standings-line = `{ $rank }.` { $player } · **{ $points }** · { $wins }-{ $losses }-{ $draws } · { $omw } · { $gw } · { $ogw }{ $dropped ->
        [yes] {" "}(dropped)
       *[no] {""}
    }
tournament-none = There is no tournament in this server.
tournament-not-organizer = Only an organizer (Manage Server, or the organizer role) can do that.
tournament-organizer-manage-only = Only members with Manage Server can set the organizer role.
tournament-organizer-set = Tournament organizers: members with Manage Server, and members with the role { $role }.
tournament-organizer-cleared = Tournament organizers: members with Manage Server only.
tournament-too-many = This server already has { $n ->
        [one] { $n } tournament
       *[other] { $n } tournaments
    } in sign-up or play.
tournament-already-started = That tournament has already started.
tournament-too-few = A tournament needs at least 2 players.
tournament-not-running = That tournament is not being played.
tournament-join-already = You have already joined.
tournament-join-full = The tournament is full ({ $n ->
        [one] { $n } player
       *[other] { $n } players
    }).
tournament-join-closed = Sign-up for this tournament is closed.
tournament-leave-absent = You have not joined this tournament.
tournament-leave-closed = Sign-up for this tournament is closed.
tournament-no-table = { $player } has no table in the current round.
tournament-reported = Result recorded for table { $table } of round { $round }.
tournament-not-a-player = { $player } is not playing in this tournament (or has already dropped).
tournament-dropped = { $player } has dropped from the tournament (after round { $round }).
tournament-round-ended = Round { $round } ended: { $drawn ->
        [one] one unfinished match is a draw.
       *[other] { $drawn } unfinished matches are draws.
    }

# Commands
cmd-bingo-tournament =
    .name = tournament
    .description = Swiss BingoMagic tournaments.
cmd-bingo-tournament-create =
    .name = create
    .description = Organizers only: create a Swiss tournament.
cmd-bingo-tournament-create-name =
    .name = name
    .description = The tournament's name
cmd-bingo-tournament-create-minutes =
    .name = minutes
    .description = Each round's time limit, in minutes
cmd-bingo-tournament-create-rounds =
    .name = rounds
    .description = Swiss rounds (default: from the number of players)
cmd-bingo-tournament-create-mulligan =
    .name = mulligan
    .description = The mulligan rule (default: the server's)
cmd-bingo-tournament-create-free_first =
    .name = free_first
    .description = The first mulligan is free
cmd-bingo-tournament-create-sequential =
    .name = sequential
    .description = Each player mulligans until keeping before the next declares
cmd-bingo-tournament-create-forest_either_pile =
    .name = forest_either_pile
    .description = House rule: Forest may take from either discard pile
cmd-bingo-tournament-create-cut =
    .name = cut
    .description = A top-8 single-elimination cut after the Swiss rounds
cmd-bingo-tournament-start =
    .name = start
    .description = Organizers only: close sign-up and pair round 1.
cmd-bingo-tournament-start-tournament =
    .name = tournament
    .description = The tournament's number (default: the newest open one)
cmd-bingo-tournament-standings =
    .name = standings
    .description = The standings with their tiebreakers.
cmd-bingo-tournament-standings-tournament =
    .name = tournament
    .description = The tournament's number (default: the newest open one)
cmd-bingo-tournament-report =
    .name = report
    .description = Organizers only: record a result by hand.
cmd-bingo-tournament-report-player =
    .name = player
    .description = A player of the table
cmd-bingo-tournament-report-result =
    .name = result
    .description = That player's result
cmd-bingo-tournament-report-tournament =
    .name = tournament
    .description = The tournament's number (default: the newest open one)
cmd-bingo-tournament-drop =
    .name = drop
    .description = Drop a player (yourself, or anyone: organizers).
cmd-bingo-tournament-drop-player =
    .name = player
    .description = Who drops (default: you)
cmd-bingo-tournament-drop-tournament =
    .name = tournament
    .description = The tournament's number (default: the newest open one)
cmd-bingo-tournament-end-round =
    .name = end-round
    .description = Organizers only: end the round at its time limit; unfinished matches draw.
cmd-bingo-tournament-end-round-tournament =
    .name = tournament
    .description = The tournament's number (default: the newest open one)
cmd-bingo-tournament-organizer =
    .name = organizer
    .description = Manage Server only: set or clear the tournament organizer role.
cmd-bingo-tournament-organizer-role =
    .name = role
    .description = Members with this role organize tournaments (leave empty to clear)
choice-win =
    .name = win
choice-loss =
    .name = loss
choice-draw =
    .name = draw
