"""Fact-extraction development set and scorer: ``python -m bench.facts``.

Data: ``bench/facts/data/<lang>.yaml`` (``en.yaml``, ``zh.yaml``), a YAML list of
conversations::

    - id: en-001
      split: dev                 # "dev" or "held" (~30% held, spread across classes)
      batch: 3                   # optional: the batch it was written in (default 1);
                                 # `--batch 3` scores the third batch alone
      classes: [update, relative_date]
      speaker: Tom               # the user's name: the user's facts have subject Tom
      timezone: Europe/London    # optional; wall-clock time of `when` values (default
                                 # UTC; zh.yaml defaults to Asia/Shanghai)
      turns:
        - {ts: "2026-03-02T09:15:00Z", role: user, text: "..."}
      current:      # facts that must be current after weaving every turn
        - {subject: Tom, attribute: employer, value: Figma}
        - {subject: Anna, attribute: lives_in, value: Oslo, relation: sister}
        - {subject: "Tom's brother", attribute: job_title, value: nurse, relation: brother}
        - {subject: Tom, attribute: appointment, value: dentist, when: "2026-03-06T15:00"}
        - {subject: Tom, attribute: routine, value: yoga, days: [tuesday]}
      superseded:   # must exist as historical, valid_to (UTC date) in the window, inclusive
        - {subject: Tom, attribute: employer, value: Mercy Hospital,
           ended_after: "2026-02-01", ended_before: "2026-02-20"}
      not_current:  # must not be current (distractors, consequences)
        - {subject: Tom, attribute: lives_in, value: Paris}
      doubted:      # current facts a later turn puts in doubt without a new value
        - {subject: Tom, attribute: lives_in, value: Leeds}

Classes used: plain, update, partial_end, messy_value, relative_date, explicit_date,
event, other_people, consequence, distractor, doubt.

Modules: ``dataset`` (load, select, check), ``score`` (the pure ``matches`` function and
per-conversation scoring), ``__main__`` (weaves each conversation into a fresh vault and
prints the figures).
"""
