"""FUDGE Deryni: rounds of one attack and one defence, 2dF opposed rolls, Death and Consciousness Tests.

See ``docs/rules/deryni.md`` for every rule and where it comes from; ``system.DeryniSystem`` wires it together.
"""
