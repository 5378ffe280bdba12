"""The box plays a team (issue 25), through the daemon on simulated devices: only presses and
taps reach it from the people; the box answers its team's decisions itself, says what it
plays, and the people copy its changes onto the board like any others."""

import asyncio
import json

import pytest

from table.app import boxseat
from table.app.asking.prompts import Notice
from table.bots import RandomBot
from table.engine.game import GameConfig
from table.librarygame import LibraryGame

from .driver import Player, box_done, enrol_all, play_out, running, seated, sim_daemon


@pytest.fixture(autouse=True)
def supply_deck(monkeypatch):
    """"Box draws" is offered when the library holds a Supply deck (issue 19): the example
    pack's, for these games (the reference game reads the same library)."""
    from table.cards import open_library
    monkeypatch.setenv("WORMS_TABLE_CARDS", "")
    open_library(examples=True)


def reference(config, seed):
    """The same game on the engine alone: people's answers from RandomBot(seed), the box's
    from boxseat.choose, in the same order as the daemon asks them."""
    ref = LibraryGame.new(GameConfig(**{k: getattr(config, k) for k in (
        "teams", "options", "land", "placement", "own_dice", "own_decks", "box")}), seed)
    bot = RandomBot(seed)
    while ref.request is not None:
        ref.answer(boxseat.choose(ref, seed) if boxseat.box_team(ref) else bot(ref))
    return ref


#: a game at every level, the players' own dice and decks in some (each seed is a whole other
#: game: every assertion below holds for any play, so a change of a level's play moves no seed)
WHOLE_GAMES = [(21, "normal", False), (22, "easy", True), (23, "easy", True), (25, "hard", False)]


@pytest.mark.parametrize("seed, level, own", WHOLE_GAMES)
def test_the_box_plays_a_whole_game_as_its_level_chooses(tmp_path, seed, level, own,
                                                          monkeypatch):
    said = []
    real_said = boxseat.said

    def spy(game, value, lang):
        notice = real_said(game, value, lang)
        if notice is not None:
            said.append(notice)
        return notice
    monkeypatch.setattr(boxseat, "said", spy)

    async def main():
        async with seated(tmp_path, seed, dice="own" if own else "auto", box={"red": level},
                          decks="players" if own else "box") as (daemon, player):
            config = daemon.game.config
            assert config.box == (("red", level),)
            await play_out(daemon, player, RandomBot(seed))
            return daemon.game, player, [n.screen(daemon.view()).texts for n in said]

    game, player, texts = asyncio.run(main())
    assert game.result is not None
    assert game.log == reference(game.config, seed).log
    # the box said what it played, under its own title, and people confirmed each with OK
    assert texts and all(t[0] == "Box (Red)" for t in texts)
    assert player.presses > len(texts)


def test_undo_takes_back_the_boxs_answers_to_the_last_one_people_gave(tmp_path):
    async def main(seed):
        async with seated(tmp_path / str(seed), seed, decks="box",
                          box={"red": "normal"}) as (daemon, player):
            bot = RandomBot(seed)
            # play until the box has answered after one of blue's answers
            for _ in range(2000):
                await box_done(daemon)
                game = daemon.game
                if game is None:
                    break
                if game.request is not None and game.turn.team == "red" \
                        and game.turn.step == "move2" and game.can_undo:
                    before = len(daemon.game.log)
                    await player.press("back", long=True)
                    await box_done(daemon)
                    return before, daemon.game
                cur = daemon.current()
                if isinstance(cur, Notice) or type(cur).__name__ == "Step":
                    await player.press("ok")
                else:
                    await player.choose(bot(game))
            return None             # that game ended before the box's second move

    # (the box's choices follow the log, so which game gets there depends on the seed)
    found = next((r for r in (asyncio.run(main(seed)) for seed in range(31, 41)) if r), None)
    assert found is not None, "the box never reached its second move"
    before, game = found
    assert len(game.log) < before
    # whatever is asked now is not the box's to answer (or nothing more could be undone)
    assert boxseat.box_team(game) is None or not game.can_undo


def test_a_power_cut_while_the_box_thinks_resumes_to_the_same_choice(tmp_path):
    """Stop the daemon while the box is thinking; a new daemon on the same state folder
    resumes, and the box gives the answer the first one would have."""
    seed = 41

    async def first():
        async with seated(tmp_path, seed, decks="box", box={"red": "hard"}) as (daemon, player):
            bot = RandomBot(seed)
            for _ in range(2000):
                if daemon.box.busy and daemon.game.request.kind in ("move", "card"):
                    game = daemon.game
                    return len(game.log), boxseat.choose(game, game.seed)
                await box_done(daemon)
                cur = daemon.current()
                if isinstance(cur, Notice) or type(cur).__name__ == "Step":
                    await player.press("ok")
                else:
                    await player.choose(bot(daemon.game))
        raise AssertionError("the box never thought")

    at, expected = asyncio.run(first())

    async def second():
        daemon = sim_daemon(tmp_path, seed)
        async with running(daemon):
            await box_done(daemon)
            return daemon.game

    game = asyncio.run(second())
    entries = [e for e in game.log[at:] if "answer" in e]
    assert entries and entries[0]["answer"] == json.loads(json.dumps(expected))


def test_the_page_shows_which_teams_the_box_plays_and_never_its_hand(tmp_path):
    """In simulation the page shows the hand of the team to play: never the box's."""
    snaps = []

    async def main():
        daemon = sim_daemon(tmp_path, 51, sim=True)
        daemon.page.on_snapshot = snaps.append
        tags = enrol_all(daemon)
        async with running(daemon):
            player = Player(daemon, tags)
            await player.wizard(2, decks="box", box={"red": "normal"})
            await play_out(daemon, player, RandomBot(51), turns=6)
            return daemon.game

    game = asyncio.run(main())
    played = [s for s in snaps if s.mode == "play" and s.team is not None]
    reds = [s for s in played if s.team == "Red"]
    blues = [s for s in played if s.team == "Blue"]
    assert reds and blues and game.hands["red"]
    assert all(s.box == ("Red: box, normal",) for s in played)
    assert all(s.hand is None for s in reds)                  # the box's hand: never shown
    assert any(s.hand for s in blues)                         # people's: as before


@pytest.mark.parametrize("seed", [61, 62])
def test_ok_pressed_every_10ms_through_thinking_answers_only_screens_the_players_saw(tmp_path,
                                                                                      seed):
    """Issue 31 item 2: the players press OK every 10 ms of the test's clock, also while "Box
    (Red) Thinking..." shows; the box's answer comes in between two presses (the press made
    while Thinking showed reaches the table after it).  Every step screen is shown, in order,
    and each change is copied once, with the OK pressed on it."""
    now = [0.0]
    thinking: list = []                       # the box's work, held until the test lets it go
    made, shown, copied, unseen = [], [], [], []
    pressed_on: list = [None]                 # what was on show when OK was last pressed

    async def main():
        daemon = sim_daemon(tmp_path, seed, clock=lambda: now[0])
        daemon.box.run_in_thread = thinking.append
        queue = daemon.queue
        replace, extend, confirm = queue.replace, queue.extend, queue.confirm

        def replaced(steps, base):
            made.extend(steps)
            replace(steps, base)

        def extended(steps, seen):
            made.extend(steps)
            return extend(steps, seen)

        def confirmed():                      # (an assert here: the daemon would log it)
            if getattr(pressed_on[0], "step", None) is not queue.steps[0]:
                unseen.append(queue.steps[0])    # OK pressed on another screen copied it
            copied.append(queue.steps[0])
            confirm()
        queue.replace, queue.extend, queue.confirm = replaced, extended, confirmed

        def drawn(snap):
            step = getattr(daemon.presenter.on_show, "step", None)
            if step is not None and (not shown or shown[-1] is not step):
                shown.append(step)
        daemon.page.on_snapshot = drawn
        tags = enrol_all(daemon)
        async with running(daemon):
            player = Player(daemon, tags)
            await player.wizard(2, decks="box", box={"red": "easy"})

            async def ok():
                pressed_on[0] = daemon.presenter.on_show
                await player.press("ok")
            bot, ticks, presses_thinking = RandomBot(seed), 0, 0
            while daemon.game.turn.number <= 6 and daemon.mode != "over":
                now[0] += 0.010                   # every 10 ms: OK, unless a question is asked
                cur = daemon.current()
                if isinstance(cur, boxseat.Thinking):
                    ticks += 1
                    if ticks % 3 == 0:            # the box's answer, just before the next OK
                        thinking.pop()()
                    presses_thinking += 1
                    await ok()
                elif isinstance(cur, Notice) or type(cur).__name__ == "Step":
                    await ok()
                else:
                    await player.choose(bot(daemon.game))
            return daemon, presses_thinking

    daemon, presses_thinking = asyncio.run(main())
    assert presses_thinking > 10 and not thinking
    assert unseen == []                                   # no step copied unseen...
    assert copied and copied == shown[:len(copied)]       # every step shown, in order...
    assert [id(s) for s in copied] == [id(s) for s in made[:len(copied)]]   # ...copied once
    assert len(made) - len(copied) == len(daemon.queue.steps)
