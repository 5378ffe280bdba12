"""Every user-facing string of the table in English, Czech and Ukrainian.

Look one up with :func:`text`; an unknown key or language raises :class:`MissingString` (a
``KeyError``), so a typo fails in the tests rather than showing a blank on the OLED.  Strings
are ``str.format`` templates; the names in braces are the arguments each one takes.

Grammar is carried by the keys, not patched in code: a worm's team has one key for the
subject (``team_adj``: "červený červ 2") and one for the object (``team_acc``: "přesuň
červeného červa 2"); each kind of Thing has its own sentence for placing, moving and removing.
"""

from __future__ import annotations

import string

LANGS = ("en", "cs", "uk")
TEAMS = ("blue", "red", "green", "yellow", "purple", "grey")
KINDS = ("worm", "oil_drum", "mine", "crate", "fire", "crater")
THING_KINDS = KINDS[1:]   # the kinds that come from the pool
FACES = ("1", "2", "3", "4", "5", "6", "wind", "hit")
OPTIONAL_RULES = ("parting_gifts", "reduced_blast", "no_sudden_death", "longer_game", "timer",
                  "true_elimination", "sudden_death_draft", "late_superweapons")
LASTING_RULES = ("one_life", "powerful_explosives", "reduced_blast", "parting_gifts")
DEVICES = ("display", "leds", "wind", "cards", "buttons", "pico")


class MissingString(KeyError):
    """A key or a language the catalogue does not have."""


# key: (English, Czech, Ukrainian)
CATALOGUE: dict[str, tuple[str, str, str]] = {
    # -- languages (each in its own language) ---------------------------------------------
    "lang.en": ("English", "English", "English"),
    "lang.cs": ("Čeština", "Čeština", "Čeština"),
    "lang.uk": ("Українська", "Українська", "Українська"),

    # -- teams: the team (plural, a heading), a worm's colour as subject and as object -----
    "team.blue": ("Blue", "Modří", "Сині"),
    "team.red": ("Red", "Červení", "Червоні"),
    "team.green": ("Green", "Zelení", "Зелені"),
    "team.yellow": ("Yellow", "Žlutí", "Жовті"),
    "team.purple": ("Purple", "Fialoví", "Фіолетові"),
    "team.grey": ("Grey", "Šedí", "Сірі"),
    "team_adj.blue": ("blue", "modrý", "синій"),
    "team_adj.red": ("red", "červený", "червоний"),
    "team_adj.green": ("green", "zelený", "зелений"),
    "team_adj.yellow": ("yellow", "žlutý", "жовтий"),
    "team_adj.purple": ("purple", "fialový", "фіолетовий"),
    "team_adj.grey": ("grey", "šedý", "сірий"),
    "team_acc.blue": ("blue", "modrého", "синього"),
    "team_acc.red": ("red", "červeného", "червоного"),
    "team_acc.green": ("green", "zeleného", "зеленого"),
    "team_acc.yellow": ("yellow", "žlutého", "жовтого"),
    "team_acc.purple": ("purple", "fialového", "фіолетового"),
    "team_acc.grey": ("grey", "šedého", "сірого"),

    # -- Things ---------------------------------------------------------------------------
    "thing.worm": ("Worm", "Červ", "Хробак"),
    "thing.oil_drum": ("Oil drum", "Sud s olejem", "Бочка з нафтою"),
    "thing.mine": ("Mine", "Mina", "Міна"),
    "thing.crate": ("Crate", "Bedna", "Ящик"),
    "thing.fire": ("Fire", "Oheň", "Вогонь"),
    "thing.crater": ("Crater", "Kráter", "Кратер"),
    "worm.name": ("{team} worm {n}", "{team} červ {n}", "{team} хробак {n}"),

    # -- dice, coin, directions -----------------------------------------------------------
    "face.1": ("1: north", "1: sever", "1: північ"),
    "face.2": ("2: north-east", "2: severovýchod", "2: північний схід"),
    "face.3": ("3: south-east", "3: jihovýchod", "3: південний схід"),
    "face.4": ("4: south", "4: jih", "4: південь"),
    "face.5": ("5: south-west", "5: jihozápad", "5: південний захід"),
    "face.6": ("6: north-west", "6: severozápad", "6: північний захід"),
    "face.wind": ("Wind: direction {d}", "Vítr: směr {d}", "Вітер: напрямок {d}"),
    "face.hit": ("Bullseye: stays", "Zásah: zůstává", "Влучання: без руху"),
    "coin.safe": ("Safe", "Bezpečí", "Безпечно"),
    "coin.danger": ("Danger!", "Nebezpečí!", "Небезпека!"),
    "dir.1": ("N", "S", "Пн"),
    "dir.2": ("NE", "SV", "ПнС"),
    "dir.3": ("SE", "JV", "ПдС"),
    "dir.4": ("S", "J", "Пд"),
    "dir.5": ("SW", "JZ", "ПдЗ"),
    "dir.6": ("NW", "SZ", "ПнЗ"),

    # -- new-game wizard ------------------------------------------------------------------
    "wizard.title": ("New game", "Nová hra", "Нова гра"),
    "wizard.language": ("Language", "Jazyk", "Мова"),
    "wizard.teams": ("Teams", "Týmy", "Команди"),
    "wizard.teams_prompt": ("Which teams play? OK adds or drops a team",
                            "Které týmy hrají? OK tým přidá nebo ubere",
                            "Які команди грають? OK додає чи прибирає команду"),
    "wizard.teams_few": ("At least two teams, please", "Hrají aspoň dva týmy",
                         "Потрібно щонайменше дві команди"),
    "wizard.rules": ("Optional rules", "Volitelná pravidla", "Додаткові правила"),
    "wizard.dice": ("Dice", "Kostky", "Кубики"),
    "wizard.dice_auto": ("Automated dice", "Automatické kostky", "Автоматичні кубики"),
    "wizard.dice_own": ("Our own dice", "Vlastní kostky", "Власні кубики"),
    "wizard.timer": ("Turn time", "Čas na tah", "Час на хід"),
    "wizard.minutes": ("{n} min", "{n} min", "{n} хв"),
    "wizard.start": ("Start the game", "Začít hru", "Почати гру"),
    "wizard.placement": ("Placing the Things", "Rozmístění věcí", "Розстановка речей"),
    "wizard.place_auto": ("The box shows where", "Krabička ukáže kam", "Скринька покаже де"),
    "wizard.place_own": ("We place them", "Rozmístíme sami", "Розставимо самі"),
    "wizard.last_map": ("Use the last map", "Použít minulou mapu", "Узяти минулу мапу"),
    "wizard.new_map": ("Mark a new map", "Vyznačit novou mapu", "Позначити нову мапу"),
    "rule.parting_gifts": ("Parting gifts", "Dárky při smrti", "Прощальні дарунки"),
    "rule.reduced_blast": ("Reduced blast", "Slabší výbuchy", "Слабші вибухи"),
    "rule.no_sudden_death": ("No sudden death", "Bez náhlé smrti", "Без раптової смерті"),
    "rule.longer_game": ("Longer game", "Delší hra", "Довша гра"),
    "rule.timer": ("Timer", "Časovač", "Таймер"),
    "rule.true_elimination": ("True elimination", "Skutečné vyřazení", "Справжнє вибування"),
    "rule.sudden_death_draft": ("Sudden death draft", "Výběr náhlé smrti",
                                "Вибір карти смерті"),
    "rule.late_superweapons": ("Late superweapons", "Superzbraně později",
                               "Суперзброя пізніше"),
    "rule.one_life": ("1 life", "1 život", "1 життя"),
    "rule.powerful_explosives": ("Powerful explosives", "Silné výbušniny",
                                 "Потужна вибухівка"),
    "menu.on": ("● {item}", "● {item}", "● {item}"),
    "menu.off": ("○ {item}", "○ {item}", "○ {item}"),

    # -- map entry and placement ----------------------------------------------------------
    "map.title": ("Map", "Mapa", "Мапа"),
    "map.prompt": ("Move the cursor with 1-6, OK marks land or water, long OK when done",
                   "Kurzor posouvej 1-6, OK označí pevninu či vodu, dlouhé OK = hotovo",
                   "Курсор рухай 1-6, OK позначає сушу чи воду, довге OK = готово"),
    "place.title": ("Setting up", "Příprava", "Підготовка"),
    "place.mark": ("Put the Thing on the board, mark its hex with the cursor, then OK",
                   "Polož věc na mapu, označ její pole kurzorem a stiskni OK",
                   "Поклади річ на мапу, познач її поле курсором і натисни OK"),
    "place.auto": ("Put each Thing where the box lights up", "Rozmísti věci tam, kde box svítí",
                   "Розклади речі там, де світить коробка"),

    # -- the turn -------------------------------------------------------------------------
    "turn.title": ("{team}: worm {n}", "{team}: červ {n}", "{team}: хробак {n}"),
    "turn.team": ("{team} team to play", "Na tahu: {team}", "Хід: {team}"),
    "phase.activate": ("Choosing a worm", "Výběr červa", "Вибір хробака"),
    "phase.move1": ("Move 1 of 2", "Pohyb 1 ze 2", "Рух 1 з 2"),
    "phase.move2": ("Move 2 of 2", "Pohyb 2 ze 2", "Рух 2 з 2"),
    "phase.weapon": ("Weapon", "Zbraň", "Зброя"),
    "phase.end": ("End of the turn", "Konec tahu", "Кінець ходу"),
    "prompt.worm": ("Choose a worm", "Vyber červa", "Обери хробака"),
    "prompt.move": ("Inch, jump or skip?", "Popolézt, skočit, nebo nic?",
                    "Проповзти, стрибнути чи пропустити?"),
    "move.inch": ("Inch", "Popolézt", "Проповзти"),
    "move.jump": ("Jump", "Skočit", "Стрибнути"),
    "move.skip": ("Skip", "Vynechat", "Пропустити"),
    "prompt.card": ("Tap a weapon card on the reader", "Přilož kartu zbraně ke čtečce",
                    "Приклади картку зброї до зчитувача"),
    "prompt.target": ("Pick a target: the colour shows how many dice",
                      "Vyber cíl: barva ukazuje počet kostek",
                      "Обери ціль: колір показує кількість кубиків"),
    "prompt.die": ("Pick a die", "Vyber kostku", "Обери кубик"),
    "prompt.direction": ("Choose a direction", "Vyber směr", "Обери напрямок"),
    "prompt.thing": ("Choose which Thing", "Vyber, kterou věc", "Обери, яку річ"),
    "prompt.order": ("Choose the order", "Vyber pořadí", "Обери порядок"),
    "prompt.hex": ("Pick a hex", "Vyber pole", "Обери поле"),
    "prompt.ok": ("Confirm with OK", "Potvrď tlačítkem OK", "Підтверди кнопкою OK"),
    "prompt.roll_own": ("Roll a die and enter its face", "Hoď kostkou a zadej výsledek",
                        "Кинь кубик і введи результат"),
    "prompt.flip_own": ("Flip the danger coin and enter the side",
                        "Hoď mincí nebezpečí a zadej stranu",
                        "Підкинь монету небезпеки і введи бік"),
    "roll.title": ("Dice: {n}", "Kostky: {n}", "Кубики: {n}"),
    "step.title": ("Step {i} of {n}", "Krok {i} z {n}", "Крок {i} з {n}"),
    "drop.title": ("Drop card", "Karta shozu", "Карта скидання"),
    "sudden_death.title": ("Sudden death", "Náhlá smrt", "Раптова смерть"),
    "card.title": ("Card", "Karta", "Картка"),

    # -- physical instructions (one at a time, confirmed with OK) --------------------------
    "do.move_worm": ("Move {team} worm {n} to the flashing hex",
                     "Přesuň {team} červa {n} na blikající pole",
                     "Перемісти {team} хробака {n} на блимаюче поле"),
    "do.move.oil_drum": ("Move the oil drum to the flashing hex",
                         "Přesuň sud s olejem na blikající pole",
                         "Перемісти бочку з нафтою на блимаюче поле"),
    "do.move.mine": ("Move the mine to the flashing hex", "Přesuň minu na blikající pole",
                     "Перемісти міну на блимаюче поле"),
    "do.move.crate": ("Move the crate to the flashing hex", "Přesuň bednu na blikající pole",
                      "Перемісти ящик на блимаюче поле"),
    "do.move.fire": ("Move the fire to the flashing hex", "Přesuň oheň na blikající pole",
                     "Перемісти вогонь на блимаюче поле"),
    "do.move.crater": ("Move the crater to the flashing hex",
                       "Přesuň kráter na blikající pole",
                       "Перемісти кратер на блимаюче поле"),
    "do.worm_sank": ("{team} worm {n} sinks: take it off the board",
                     "{team} červ {n} se utopil: sundej ho z mapy",
                     "{team} хробак {n} потонув: зніми його з мапи"),
    "do.worm_out": ("{team} worm {n} is out: take it off the board",
                    "{team} červ {n} je vyřazen: sundej ho z mapy",
                    "{team} хробак {n} вибуває: зніми його з мапи"),
    "do.lay_down": ("Lay {team} worm {n} down: it is hurt",
                    "Polož {team} červa {n} na bok: je zraněný",
                    "Поклади {team} хробака {n} на бік: він поранений"),
    "do.remove.oil_drum": ("Remove the oil drum", "Odeber sud s olejem", "Прибери бочку з нафтою"),
    "do.remove.mine": ("Remove the mine", "Odeber minu", "Прибери міну"),
    "do.remove.crate": ("Remove the crate", "Odeber bednu", "Прибери ящик"),
    "do.remove.fire": ("Remove the fire", "Odeber oheň", "Прибери вогонь"),
    "do.remove.crater": ("Remove the crater", "Odeber kráter", "Прибери кратер"),
    "do.place.oil_drum": ("Put an oil drum here", "Polož sem sud s olejem",
                          "Постав сюди бочку з нафтою"),
    "do.place.mine": ("Put a mine here", "Polož sem minu", "Поклади сюди міну"),
    "do.place.crate": ("Put a crate here", "Polož sem bednu", "Постав сюди ящик"),
    "do.place.fire": ("Put a fire here", "Polož sem oheň", "Поклади сюди вогонь"),
    "do.place.crater": ("Put a crater here", "Polož sem kráter", "Поклади сюди кратер"),
    "do.place_worm": ("Put {team} worm {n} here", "Postav sem {team} červa {n}",
                      "Постав сюди {team} хробака {n}"),
    "do.freeze": ("Freeze {team} worm {n}: put an ice token beside it",
                  "Zmraz {team} červa {n}: polož k němu žeton ledu",
                  "Заморозь {team} хробака {n}: поклади поруч жетон льоду"),
    "do.thaw": ("Thaw {team} worm {n}: take its ice token away",
                "Rozmraz {team} červa {n}: odeber jeho žeton ledu",
                "Розморозь {team} хробака {n}: забери його жетон льоду"),
    "do.heal": ("Stand {team} worm {n} up: it is healed", "Postav {team} červa {n}: je vyléčený",
                "Постав {team} хробака {n}: він вилікуваний"),
    "do.drop": ("Drop card: {card}", "Karta shozu: {card}", "Карта скидання: {card}"),
    "do.sudden_death": ("Sudden death: {card}", "Náhlá smrt: {card}", "Раптова смерть: {card}"),
    "do.flood": ("Put a water tile here", "Polož sem dílek vody", "Поклади сюди плитку води"),
    "do.wind": ("The wind turns to {d}", "Vítr se stáčí na {d}", "Вітер повертає на {d}"),
    "do.draw": ("{team} team, draw a card", "{team}, lízněte si kartu", "{team}, візьміть карту"),
    "do.target": ("Put the target token here", "Polož sem značku cíle",
                  "Поклади сюди мітку цілі"),
    "do.target_facing": ("Put the target token here, its arrow to {d}",
                         "Polož sem značku cíle šipkou na {d}",
                         "Поклади сюди мітку цілі стрілкою на {d}"),
    "do.move_target": ("Move the target token to the flashing hex",
                       "Přesuň značku cíle na blikající pole",
                       "Перемісти мітку цілі на блимаюче поле"),
    "do.rule": ("From now on: {rule}", "Od teď platí: {rule}", "Відтепер діє: {rule}"),

    # -- errors and faults ----------------------------------------------------------------
    "error.title": ("Oops", "Pozor", "Увага"),
    "error.unknown_tag": ("Unknown card: nothing changed. Enrol its tag first",
                          "Neznámá karta, nic se nezměnilo. Zapiš nejdřív její štítek",
                          "Невідома картка, нічого не змінено. Спершу запиши мітку"),
    "error.not_now": ("That card cannot be played now", "Tuto kartu teď nelze zahrát",
                      "Цю картку зараз не можна зіграти"),
    "error.undo_roll": ("Undo is not possible past a roll", "Za hod kostkou nelze vrátit zpět",
                        "Кидок кубика скасувати не можна"),
    "undo.done": ("Undone", "Vráceno zpět", "Скасовано"),
    "fault.title": ("Fault", "Porucha", "Несправність"),
    "fault.missing": ("{name} not found: check the cable", "Nenalezeno: {name}. Zkontroluj kabel",
                      "Не знайдено: {name}. Перевір кабель"),
    "fault.retrying": ("Retrying...", "Zkouším znovu...", "Пробую знову..."),
    "fault.back": ("{name} is back", "Opět funguje: {name}", "Знову працює: {name}"),
    "device.display": ("OLED display", "Displej OLED", "Дисплей OLED"),
    "device.leds": ("LED grid", "Mřížka LED", "Сітка LED"),
    "device.wind": ("Wind dial", "Větrná růžice", "Покажчик вітру"),
    "device.cards": ("Card reader", "Čtečka karet", "Зчитувач карток"),
    "device.buttons": ("Buttons", "Tlačítka", "Кнопки"),
    "device.pico": ("Pico board", "Deska Pico", "Плата Pico"),

    # -- timer ----------------------------------------------------------------------------
    "timer.title": ("Time left", "Zbývající čas", "Лишилося часу"),
    "timer.up": ("Time is up!", "Čas vypršel!", "Час вийшов!"),

    # -- the end --------------------------------------------------------------------------
    "over.title": ("Game over", "Konec hry", "Кінець гри"),
    "over.winner": ("{team} team wins!", "Vyhráli {team}!", "Перемогли {team}!"),
    "over.draw": ("A draw: nobody wins", "Remíza: nikdo nevyhrál", "Нічия: ніхто не переміг"),

    # -- enrolling cards ------------------------------------------------------------------
    "enroll.title": ("Enrol cards", "Zápis karet", "Запис карток"),
    "enroll.tap": ("Tap a card's tag on the reader", "Přilož štítek karty ke čtečce",
                   "Приклади мітку картки до зчитувача"),
    "enroll.pick": ("Which card is this?", "Která karta to je?", "Яка це картка?"),
    "enroll.known": ("This tag is: {card}", "Tento štítek je: {card}", "Ця мітка: {card}"),

    # -- shop demo ------------------------------------------------------------------------
    "demo.title": ("Worms: try it!", "Worms: vyzkoušej!", "Worms: спробуй!"),
    "demo.prompt": ("Press any button or tap the demo card to have a go",
                    "Stiskni tlačítko nebo přilož ukázkovou kartu a hraj",
                    "Натисни кнопку або приклади демо-картку й грай"),
    "demo.bye": ("Back to the show in a moment", "Za chvíli zase ukázka",
                 "Незабаром знову показ"),

    # -- buttons --------------------------------------------------------------------------
    "button.ok": ("OK", "OK", "OK"),
    "button.back": ("Back", "Zpět", "Назад"),
}


def text(key: str, lang: str = "en", /, **args) -> str:
    """The string ``key`` in ``lang``, formatted with ``args``."""
    if lang not in LANGS:
        raise MissingString(f"no language {lang!r} (languages: {', '.join(LANGS)})")
    try:
        template = CATALOGUE[key][LANGS.index(lang)]
    except KeyError:
        raise MissingString(f"no string {key!r} in the catalogue (table/ui/strings.py)") from None
    try:
        return template.format(**args)
    except KeyError as err:
        raise MissingString(f"string {key!r} needs the argument {err.args[0]!r}") from None


def fields(key: str, lang: str = "en") -> set[str]:
    """The argument names a string takes in ``lang``."""
    template = CATALOGUE[key][LANGS.index(lang)]
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def worm_name(lang: str, team: str, number: int) -> str:
    """"red worm 2", "červený červ 2", "червоний хробак 2"."""
    return text("worm.name", lang, team=text(f"team_adj.{team}", lang), n=number)


def sentence(s: str) -> str:
    """``s`` with its first letter upper-case."""
    return s[:1].upper() + s[1:]
