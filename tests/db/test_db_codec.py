import importlib
import inspect
import json
import pkgutil
from dataclasses import dataclass, replace

import orjson
from dbsamples import sample_encounter
from hypothesis import given
from hypothesis import strategies as st

import combat
from bot.db.codec import (
    decode_encounter,
    decode_health,
    decode_sheet,
    encode_encounter,
    encode_payload,
    encode_sheet,
)
from bot.db.engine import registered_types
from combat.frozen import kept
from combat.model import Condition, Encounter
from combat.sheet import Sheet
from combat.systems.farscape.wounds import Health, Track, fresh_health
from combat.turns import Slot, TurnState


def through_json(data):
    return json.loads(json.dumps(data))


def test_encounter_round_trips_with_conditions_slots_held_and_done():
    enc = sample_encounter(counter=7)
    decoded = decode_encounter(through_json(encode_encounter(enc)), Health)
    assert decoded == enc
    # The decoded objects are the real types, not dicts or lists.
    assert isinstance(decoded.combatants[0].health, Health)
    assert isinstance(decoded.combatants[0].health.lethal, Track)
    assert decoded.combatants[0].conditions[1] == Condition("stun", value=-1, elements=2, source="pk1", uses=1)
    assert decoded.turns.queue[0].done == frozenset({"aeryn"})
    assert isinstance(decoded.turns.queue[0].done, frozenset)
    assert decoded.turns.held == ("pk1",)
    assert decoded.combatants[0].sheet.talents == frozenset({"lucky"})


def test_encoding_is_plain_json():
    data = encode_encounter(sample_encounter())
    assert through_json(data) == data
    first = data["combatants"][0]
    assert first["health"]["lethal"] == {"kind": "lethal", "filled": [0, 1, 0, 0, 0]}
    assert data["turns"]["queue"][0]["done"] == ["aeryn"]


def test_empty_encounter_round_trips():
    enc = Encounter("farscape")
    assert decode_encounter(through_json(encode_encounter(enc)), Health) == enc


def test_a_guided_encounter_keeps_its_flag_and_an_older_document_loads_unguided():
    guided = replace(sample_encounter(), guided=True)
    assert decode_encounter(through_json(encode_encounter(guided)), Health).guided is True
    older = encode_encounter(sample_encounter())
    del older["guided"]
    assert decode_encounter(through_json(older), Health).guided is False


def test_health_is_decoded_with_the_given_type():
    @dataclass(frozen=True)
    class Points:
        hp: int

    enc = replace(sample_encounter(), combatants=(replace(sample_encounter().combatants[0], health=Points(4)),))
    decoded = decode_encounter(through_json(encode_encounter(enc)), Points)
    assert decoded.combatants[0].health == Points(4)
    assert decode_health({"hp": 2}, Points) == Points(2)


def test_sheet_round_trips():
    sheet = Sheet(traits={"strength": 2}, talents=frozenset({"a", "b"}), weapons=("knife", "pistol"), armour="vest")
    assert decode_sheet(through_json(encode_sheet(sheet))) == sheet


def test_payload_encodes_result_dataclasses():
    @dataclass(frozen=True)
    class Hit:
        faces: tuple[int, ...]
        targets: frozenset[str]
        health: Health

    encoded = encode_payload(Hit((1, -1, 0), frozenset({"x"}), fresh_health("minion")))
    assert through_json(encoded) == encoded
    assert encoded["faces"] == [1, -1, 0]
    assert encoded["targets"] == ["x"]
    assert encoded["health"]["tier"] == "minion"


def test_payload_text_is_the_text_of_the_encoded_payload_with_sets_and_int_keys():
    from bot.db.codec import payload_text

    @dataclass(frozen=True)
    class Tally:
        done: frozenset[str]
        by_round: dict[int, str]
        seen: set[int]

    for value in (
        Tally(frozenset({"a 1", "b 2"}), {}, set()),
        Tally(frozenset(), {1: "one", 2: "two"}, {3}),  # int keys: written as strings, as pydantic does
        {"ids": frozenset({"x"}), 7: (1, 2)},
    ):
        assert orjson.loads(payload_text(value)) == through_json(encode_payload(value))
        assert payload_text(value) == orjson.dumps(encode_payload(value), option=orjson.OPT_NON_STR_KEYS).decode()


names = st.text(alphabet="abcdefgh", min_size=1, max_size=5)
conditions = st.builds(
    Condition,
    name=names,
    value=st.integers(-5, 5),
    elements=st.none() | st.integers(0, 6),
    source=st.none() | names,
    uses=st.integers(0, 3),
)
slots = st.builds(
    Slot,
    phase=st.just("action"),
    key=st.tuples(st.integers(-3, 9), st.integers(-3, 3)),
    actors=st.lists(names, min_size=1, max_size=3, unique=True).map(tuple),
    done=st.frozensets(names, max_size=3),
    interrupt=st.booleans(),
)


@given(st.lists(conditions, max_size=4), st.lists(slots, max_size=4), st.lists(names, max_size=3), st.integers(0, 50))
def test_round_trip_holds_for_any_conditions_and_turn_state(conds, queue, held, round_no):
    base = sample_encounter()
    first = replace(base.combatants[0], conditions=tuple(conds))
    enc = replace(
        base,
        combatants=(first, *base.combatants[1:]),
        turns=TurnState(round=round_no, queue=tuple(queue), held=tuple(held)),
    )
    assert decode_encounter(through_json(encode_encounter(enc)), Health) == enc


def test_the_fast_encoding_equals_pydantics_on_every_state_of_every_example_fight(tmp_path):
    import argparse
    import asyncio
    import contextlib
    import io

    from bot.config import REPO_ROOT
    from bot.console.main import add_arguments, run
    from bot.db.codec import encode_encounter_reusing, payload_text
    from bot.db.connect import dumps
    from bot.db.engine import Database
    from bot.db.rows import EncounterRow, EventRow

    async def states(url: str) -> list[tuple[str, dict]]:
        from sqlalchemy import select

        async with Database(url) as db, db.unit_of_work() as uow:
            systems = dict((await uow.session.execute(select(EncounterRow.id, EncounterRow.system))).all())
            rows = (await uow.session.execute(select(EventRow.encounter_id, EventRow.before))).all()
            ends = (await uow.session.execute(select(EncounterRow.system, EncounterRow.state))).all()
        return [(systems[e], b) for e, b in rows if b is not None] + [tuple(r) for r in ends]

    checked: set[str] = set()
    for script in sorted((REPO_ROOT / "examples").glob("*.fray")):
        path = tmp_path / f"{script.stem}.sqlite3"
        parser = argparse.ArgumentParser()
        add_arguments(parser)
        with contextlib.redirect_stdout(io.StringIO()):
            assert run(parser.parse_args(["--script", str(script), "--db", str(path), "--seed", "3"])) == 0
        for system, stored in asyncio.run(states(f"sqlite+aiosqlite:///{path}")):
            encounter = decode_encounter(stored, registered_types(system))
            _, text = encode_encounter_reusing(encounter, {})
            fast = orjson.loads(text)
            assert fast == encode_encounter(encounter)  # the text made from the combatants' texts is the document
            # The same encounter as stored (not always the same list: a decoded set may list its members in
            # another order than the set it was stored from, as hash order goes).
            assert decode_encounter(fast, registered_types(system)) == encounter
            assert text == dumps(fast)
            for c in encounter.combatants:  # each combatant's own text is what pydantic makes of it
                alone = encode_encounter(replace(encounter, combatants=(c,)))
                assert orjson.loads(payload_text(c)) == alone["combatants"][0]
            checked.add(system)
    assert checked == {"farscape", "deryni", "d6pool", "fallout"}


def _classes_in_combat() -> list[type]:
    """Return every class defined in the combat package's modules."""
    found: list[type] = []
    for info in pkgutil.walk_packages(combat.__path__, "combat."):
        module = importlib.import_module(info.name)
        found += [c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == info.name]
    return found


def test_no_class_in_combat_keeps_a_value_under_a_public_name():
    """A public kept name would be written with the object by orjson: every kept name is private."""
    classes = _classes_in_combat()
    holders = {c for c in classes if any(isinstance(v, kept) for v in vars(c).values())}
    assert holders  # the encounter, its combatants, dice, turn slots and Farscape wounds keep some: work to do
    public = {
        (c.__name__, n) for c in holders for n, v in vars(c).items() if isinstance(v, kept) and not n.startswith("_")
    }
    assert not public, f"kept under public names, which JSON would write: {sorted(public)}"
