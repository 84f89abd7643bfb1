# Consent to be challenged (/bingo challenges, /bingo block, /bingo unblock): every
# answer is private. One refusal text for an opted-out member and for a block, so a
# blocked member cannot tell the two apart (docs/RULES.md, "Consent").
consent-not-taking = { $name } is not taking challenges.
consent-cooldown = You challenged { $name } a moment ago. You can challenge them again { $when }.
consent-challenges-on = Members can challenge you in this server. Turn it off with `/bingo challenges off`.
consent-challenges-off = Members can't challenge you in this server. Turn it back on with `/bingo challenges on`.
consent-challenges-now-on = Done: members can challenge you in this server again.
consent-challenges-now-off = Done: members can't challenge you in this server. Challengers are told privately that you aren't taking challenges.
consent-block-self = You can't block yourself.
consent-blocked = { $name } can no longer challenge you. They are not told.
consent-already-blocked = { $name } is already blocked.
consent-unblocked = { $name } can challenge you again.
consent-not-blocked = { $name } is not blocked.

# Commands
cmd-bingo-challenges =
    .name = challenges
    .description = Take challenges from members, or not (only you see it).
cmd-bingo-challenges-mode =
    .name = mode
    .description = On or off (leave it out to see your choice)
choice-challenges_on =
    .name = on
choice-challenges_off =
    .name = off
cmd-bingo-block =
    .name = block
    .description = Refuse every challenge from a member (only you see it).
cmd-bingo-block-member =
    .name = member
    .description = The member whose challenges you refuse
cmd-bingo-unblock =
    .name = unblock
    .description = Take challenges from a member again.
cmd-bingo-unblock-member =
    .name = member
    .description = The member you blocked
