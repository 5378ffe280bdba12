"""What a card and a whole game did, in words: the one-screen summary after a card (hit or
missed, who is hurt, who is out, the worms each team has left; what of it is new, where it is
said on the last screen of the card's changes: :func:`joined_lines`) and the end screen's (who won
and why: how the game ended, the worms each team kept, the tie-break; turns played, the
longest chain of changes one card made).  What does not fit
the OLED goes, measured as :func:`table.ui.screens.fits` measures the screen that shows it.
"""

from table.engine.board import Board
from table.engine.state import GameResult

from .screens import fits
from .strings import text, worm_short


def _counts(lang: str, counts) -> str:
    """Worms left a team, "Blue ×4, Red ×3" (never "Blue 4", a worm's name)."""
    return ", ".join(f"{text(f'team.{t}', lang)} ×{n}" for t, n in counts)


def _left(lang: str, board: Board, teams) -> str:
    return _counts(lang, ((t, len(board.worms(t))) for t in teams))


def card_summary(lang: str, summary: dict, board: Board) -> tuple[str, str]:
    """Title and body of the one-screen summary after a card: hit or missed, who is hurt,
    who is out (drowned), who is encased in ice or held by it, a team under Freeze, the worms
    each team has left.  What does not fit goes, the least
    needed first (the aim, then the hurt)."""
    from table.cards import library
    from table.fonts import font

    from .layout import WIDTH, card_name, short
    name = card_name(library(), summary["card"], lang)
    title = text("sum.title", lang, card=name)
    if not fits(title, ""):
        title = short(name, WIDTH - 2, font(12, bold=True))
    shot = {"hit": text("sum.hit", lang), "miss": text("sum.miss", lang)}.get(
        summary.get("shot") or "")
    hurt = [worm_short(lang, t, n) for t, n in summary.get("hurt", ())]
    out = [worm_short(lang, t, n) for t, n in summary.get("out", ())]
    sank = [worm_short(lang, t, n) for t, n in summary.get("sank", ())]
    iced = [worm_short(lang, t, n) for t, n in summary.get("iced", ())]
    held = [worm_short(lang, t, n) for t, n in summary.get("held", ())]
    shield = summary.get("shield")
    lines = {"token": text("ch.target_off", lang) * bool(summary.get("token")),   # ("": none)
             "shot": shot,
             "hurt": text("sum.hurt", lang, who=", ".join(hurt)) if hurt else None,
             "out": text("sum.out", lang, who=", ".join(out)) if out else None,
             "sank": text("sum.sank", lang, who=", ".join(sank)) if sank else None,
             "iced": text("sum.iced", lang, who=", ".join(iced)) if iced else None,
             "held": text("sum.ice_holds", lang, who=", ".join(held)) if held else None,
             "shield": text("sum.shield", lang, team=text(f"team.{shield}", lang))
             if shield else None,
             "nobody": None if (hurt or out or sank or iced or held or shield)
             else text("sum.nobody", lang),
             "left": text("sum.left", lang, left=_left(lang, board, summary.get("teams", ())))}
    for drop in (None, "shot", "nobody", "shield", "held", "iced", "hurt", "sank", "out", "left"):
        if drop:
            lines[drop] = None
        body = "\n".join(v for v in lines.values() if v)
        if fits(title, body):
            break
    return title, body


def joined_lines(lang: str, summary: dict) -> list[str]:
    """The lines of a card's summary said on the last screen of its changes (issue 37): the
    Target Token to take off, the ice that held and a team's shield (no change on the board
    says them), and the worms left to each team that lost any.  The rest each
    screen of its changes said already (a worm hurt, drowned or out, a worm encased) or the
    board shows (a hit, a miss, the worms left where none went).  ``summary["left"]``: the
    worms left to each team that lost any, counted when it was joined
    (:func:`table.app.showing.joins.summed`)."""
    held = [worm_short(lang, t, n) for t, n in summary.get("held", ())]
    shield = summary.get("shield")
    lines = [text("ch.target_off", lang)] if summary.get("token") else []
    if held:
        lines.append(text("sum.ice_holds", lang, who=", ".join(held)))
    if shield:
        lines.append(text("sum.shield", lang, team=text(f"team.{shield}", lang)))
    if summary.get("left"):
        lines.append(text("sum.left", lang, left=_counts(lang, summary["left"])))
    return lines


def best_chain(events: list[dict]) -> int:
    """The most board changes one card made in ``events`` (a whole game's)."""
    copied = {"move", "destroy", "damage", "place", "flood"}
    best = n = 0
    playing = False
    for e in events:
        name = e["event"]
        if name == "play" and not playing:
            playing, n = True, 0
        elif name in ("end_turn", "turn"):
            playing = False
        elif playing and name in copied:
            n += 1
            best = max(best, n)
    return best


def end_lines(lang: str, result: GameResult) -> list[str]:
    """Why a game ended as it did (issue 37 item 5): how it ended (the final round played,
    one team left, the turn limit, no team left), the worms each team kept, and, where the
    most worms were tied, the unhurt worms of the tied teams that broke the tie (or did not:
    a shared win)."""
    worms = {t: n for t, n in result.worms.items() if n}
    lines = [text(f"over.why.{result.reason}", lang)]
    if worms:
        lines.append(text("sum.left", lang, left=_counts(lang, worms.items())))
    best = max(result.worms.values(), default=0)
    tied = [t for t, n in result.worms.items() if n == best]
    if best and len(tied) > 1:
        lines.append(text("over.tie", lang, n=best, counts=_counts(
            lang, ((t, result.undamaged.get(t, 0)) for t in tied))))
    return lines


def winner_line(lang: str, winners: list[str]) -> str:
    """Who won: one team, the teams sharing the win, or nobody."""
    names = [text(f"team.{t}", lang) for t in winners]
    return (text("over.winner", lang, team=names[0]) if len(names) == 1 else
            text("over.shared", lang, teams=", ".join(names)) if names else
            text("over.draw", lang))


def game_summary(lang: str, result: GameResult | None,
                 events: list[dict]) -> tuple[str, str]:
    """Title and body of the end screen: who won and why (:func:`end_lines`), turns played,
    the longest chain of changes one card made (no result: nobody won)."""
    lines = [winner_line(lang, list(result.winners) if result is not None else [])]
    why = end_lines(lang, result) if result is not None else []
    chain = [text("over.chain", lang, n=best_chain(events))]
    title = text("over.title_turns", lang, n=result.turns if result is not None else 0)
    if not fits(title, ""):
        title = text("over.title", lang)
    # (a tie's line names the tied teams' worms: the line of every team's can go first)
    for body in (lines + why + chain, lines + why, lines + why[:1] + why[2:], lines + why[:2],
                 lines + why[:1], lines):
        if fits(title, "\n".join(body)):     # what does not fit goes, the least needed first
            break
    return title, "\n".join(body)
