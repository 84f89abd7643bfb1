# 挑戦への同意（/bingo challenges、/bingo block、/bingo unblock）：返答はすべて非公開。
# 挑戦を受け付けていないメンバーとブロックは同じ文面で断るので、ブロックされた側には
# 区別がつきません（docs/RULES.md、"Consent"）。
consent-not-taking = { $name }は挑戦を受け付けていません。
consent-cooldown = さきほど{ $name }に挑戦しました。{ $when }にもう一度挑戦できます。
consent-challenges-on = このサーバーではメンバーがあなたに挑戦できます。`/bingo challenges off`でオフにできます。
consent-challenges-off = このサーバーではメンバーはあなたに挑戦できません。`/bingo challenges on`でオンに戻せます。
consent-challenges-now-on = 完了：このサーバーでメンバーがまたあなたに挑戦できます。
consent-challenges-now-off = 完了：このサーバーではメンバーはあなたに挑戦できません。挑戦した人には、挑戦を受け付けていないことが非公開で伝えられます。
consent-block-self = 自分自身はブロックできません。
consent-blocked = { $name }はもうあなたに挑戦できません。相手には知らされません。
consent-already-blocked = { $name }はすでにブロックしています。
consent-unblocked = { $name }はまたあなたに挑戦できます。
consent-not-blocked = { $name }はブロックしていません。

# コマンド
cmd-bingo-challenges =
    .name = 挑戦受付
    .description = メンバーからの挑戦を受け付けるかどうか（あなただけに表示）。
cmd-bingo-challenges-mode =
    .name = モード
    .description = オンかオフ（省略すると今の設定を表示）
choice-challenges_on =
    .name = オン
choice-challenges_off =
    .name = オフ
cmd-bingo-block =
    .name = ブロック
    .description = あるメンバーからの挑戦をすべて断ります（あなただけに表示）。
cmd-bingo-block-member =
    .name = メンバー
    .description = 挑戦を断るメンバー
cmd-bingo-unblock =
    .name = ブロック解除
    .description = あるメンバーからの挑戦をまた受け付けます。
cmd-bingo-unblock-member =
    .name = メンバー
    .description = ブロックしたメンバー
