# サーバーの外で使われたコマンド（cogs/contexts.py、cogs/bingo/_anywhere.py）。
anywhere-needs-server = このコマンドは、私がインストールされているサーバーでのみ使えます。そちらで使うか、ここでは /bingo rules、/bingo hand、/mulligan practice、/help をお試しください。
anywhere-no-match = どのサーバーでも参加中の対戦はありません。
