# /privacy：メンバーのデータの書き出しと削除（cogs/privacy、docs/PRIVACY.md）。

privacy-export-ready = 私が保存しているあなたのデータをすべてJSONファイルにしました。このメッセージはあなたにしか見えません。
privacy-delete-ask = 私が保存しているあなたのデータ（戦績、レーティング、デッキ、今日の手札への回答、設定）を、すべてのサーバーで削除しますか？終了した対戦は相手の履歴に「削除されたメンバー」との対戦として残ります。元に戻すことはできません。
privacy-delete-confirm = データを削除する
privacy-delete-cancel = キャンセル
privacy-delete-cancelled = 何も削除していません。
privacy-deleted = 完了しました。あなたのデータを削除しました。対戦相手の記録には、あなたとの対戦が「削除されたメンバー」との対戦として残ります。
privacy-not-yours = 答えられるのは依頼したメンバーだけです。
privacy-busy-match = 進行中の対戦があります。終わらせるか投了（`/bingo resign`）してから、もう一度依頼してください。
privacy-busy-tournament = 終わっていないトーナメントに参加しているか、主催しています。棄権するか終了を待ってから、もう一度依頼してください。
privacy-deleted-member = 削除されたメンバー

cmd-privacy =
    .name = プライバシー
    .description = あなたのデータ：コピーを受け取るか、削除します。
cmd-privacy-export =
    .name = 書き出し
    .description = 私が保存しているあなたのデータをファイルで受け取ります。
cmd-privacy-delete =
    .name = 削除
    .description = 私が保存しているあなたのデータをすべて削除します。
