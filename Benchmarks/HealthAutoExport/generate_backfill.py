#!/usr/bin/env python3
"""Writes a Health Auto Export delivery: MINUTES minutes of heart rate (Min/Avg/Max) and steps from 2025-01-01.
Usage: generate_backfill.py MINUTES OUT.json"""
import json, sys, datetime
minutes = int(sys.argv[1])
start = datetime.datetime(2025, 1, 1, 0, 0)
hr, steps = [], []
for i in range(minutes):
    t = (start + datetime.timedelta(minutes=i)).strftime("%Y-%m-%d %H:%M:%S +0900")
    hr.append({"date": t, "Min": 55 + i % 20, "Avg": 65 + i % 25, "Max": 80 + i % 40, "source": "Apple Watch"})
    steps.append({"date": t, "qty": i % 90, "source": "iPhone"})
doc = {"data": {"metrics": [
    {"name": "heart_rate", "units": "count/min", "data": hr},
    {"name": "step_count", "units": "count", "data": steps}], "workouts": []}}
json.dump(doc, open(sys.argv[2], "w"))
