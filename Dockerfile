# BingoMagic Discord bot.
#   docker build -t bingomagic-bot .
#   docker run --env-file .env -v bingomagic-data:/app/data bingomagic-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin bingo

WORKDIR /app

COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
# The Discord emulator and its driver, for the playground (python -m bot.playground).
COPY emulator ./emulator
COPY emulator_driver ./emulator_driver
RUN pip install --no-cache-dir . \
    && mkdir -p /app/data \
    && chown bingo:bingo /app/data

USER bingo

ENV DATABASE_PATH=/app/data/bingomagic.db
VOLUME /app/data

CMD ["python", "-m", "bot"]
