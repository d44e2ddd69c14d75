#!/usr/bin/env python3
"""Writes a synthetic Apple Health export.xml shaped like a real one (inline DTD, Me, a mix of quantity and
category records with metadata and device strings, blood-pressure correlations whose records also appear at
top level, workouts with statistics, events and routes, activity summaries) until it reaches --size MB.
Deterministic (seeded), so every run measures the same file."""
import argparse, datetime, random

DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ELEMENT ActivitySummary EMPTY>
]>
<HealthData locale="ja_JP">
 <ExportDate value="2024-06-30 21:00:00 +0900"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

WATCH = "&lt;&lt;HKDevice: 0x2837a4e60&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2&gt;"
PHONE = "&lt;&lt;HKDevice: 0x2837a4f00&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2&gt;"


def fmt(t):
    return t.strftime("%Y-%m-%d %H:%M:%S +0900")


def record(out, kind, unit, value, source, device, start, end, meta=()):
    s, e = fmt(start), fmt(end)
    head = (f' <Record type="{kind}" sourceName="{source}" sourceVersion="10.2" device="{device}" unit="{unit}" '
            f'creationDate="{e}" startDate="{s}" endDate="{e}" value="{value}"')
    if not meta:
        out.write(head + "/>\n")
        return
    out.write(head + ">\n")
    for k, v in meta:
        out.write(f'  <MetadataEntry key="{k}" value="{v}"/>\n')
    out.write(" </Record>\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--size", type=int, default=220, help="target size in MB")
    args = parser.parse_args()
    rng = random.Random(42)
    target = args.size * 1024 * 1024
    t = datetime.datetime(2016, 1, 1, 0, 0, 0)
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(DTD)
        while out.tell() < target:
            day = t.date()
            # Steps and distance every 10 minutes from the phone, energy and heart rate from the watch.
            for slot in range(0, 24 * 6):
                start = t + datetime.timedelta(minutes=10 * slot)
                end = start + datetime.timedelta(minutes=10)
                if 7 * 6 <= slot < 22 * 6:
                    record(out, "HKQuantityTypeIdentifierStepCount", "count", rng.randint(0, 900), "Hanako’s iPhone", PHONE, start, end)
                    record(out, "HKQuantityTypeIdentifierDistanceWalkingRunning", "km", round(rng.uniform(0, 0.7), 5), "Hanako’s iPhone", PHONE, start, end)
                record(out, "HKQuantityTypeIdentifierActiveEnergyBurned", "Cal", round(rng.uniform(0, 40), 3), "Apple Watch", WATCH, start, end)
                record(out, "HKQuantityTypeIdentifierBasalEnergyBurned", "kJ", round(rng.uniform(40, 60), 3), "Apple Watch", WATCH, start, end)
                record(out, "HKQuantityTypeIdentifierHeartRate", "count/min", rng.randint(52, 150), "Apple Watch", WATCH, start, start,
                       [("HKMetadataKeyHeartRateMotionContext", rng.randint(0, 2))])
            # Sleep stages, a weight, blood pressure (correlation plus top-level copies), HRV, SpO2, stand hours.
            night = datetime.datetime.combine(day, datetime.time(0, 30))
            for stage, minutes in (("AsleepCore", 120), ("AsleepDeep", 60), ("AsleepREM", 45), ("Awake", 5), ("AsleepCore", 150)):
                end = night + datetime.timedelta(minutes=minutes)
                out.write(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" sourceVersion="10.2" '
                          f'device="{WATCH}" creationDate="{fmt(end)}" startDate="{fmt(night)}" endDate="{fmt(end)}" '
                          f'value="HKCategoryValueSleepAnalysis{stage}">\n  <MetadataEntry key="HKTimeZone" value="Asia/Tokyo"/>\n </Record>\n')
                night = end
            for hour in range(8, 22):
                start = datetime.datetime.combine(day, datetime.time(hour, 0))
                out.write(f' <Record type="HKCategoryTypeIdentifierAppleStandHour" sourceName="Apple Watch" sourceVersion="10.2" '
                          f'device="{WATCH}" creationDate="{fmt(start)}" startDate="{fmt(start)}" endDate="{fmt(start + datetime.timedelta(hours=1))}" '
                          f'value="HKCategoryValueAppleStandHour{rng.choice(["Stood", "Idle"])}"/>\n')
            morning = datetime.datetime.combine(day, datetime.time(7, rng.randint(0, 59)))
            record(out, "HKQuantityTypeIdentifierBodyMass", "kg", round(rng.uniform(55, 60), 2), "Withings", "", morning, morning,
                   [("HKWasUserEntered", 0)])
            record(out, "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms", round(rng.uniform(20, 80), 3), "Apple Watch", WATCH, morning, morning)
            record(out, "HKQuantityTypeIdentifierOxygenSaturation", "%", round(rng.uniform(0.94, 0.99), 2), "Apple Watch", WATCH, morning, morning)
            sys, dia = rng.randint(105, 135), rng.randint(65, 88)
            for kind, v in (("Systolic", sys), ("Diastolic", dia)):
                record(out, f"HKQuantityTypeIdentifierBloodPressure{kind}", "mmHg", v, "Omron", "", morning, morning)
            m = fmt(morning)
            out.write(f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" sourceVersion="2" creationDate="{m}" startDate="{m}" endDate="{m}">\n'
                      f'  <MetadataEntry key="HKWasUserEntered" value="0"/>\n'
                      f'  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" creationDate="{m}" startDate="{m}" endDate="{m}" value="{sys}"/>\n'
                      f'  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" creationDate="{m}" startDate="{m}" endDate="{m}" value="{dia}"/>\n'
                      f' </Correlation>\n')
            if day.weekday() in (1, 4, 6):
                start = datetime.datetime.combine(day, datetime.time(18, 0))
                end = start + datetime.timedelta(minutes=41)
                s, e = fmt(start), fmt(end)
                out.write(f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40.2" durationUnit="min" sourceName="Apple Watch" sourceVersion="10.2" device="{WATCH}" creationDate="{e}" startDate="{s}" endDate="{e}">\n'
                          f'  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
                          f'  <MetadataEntry key="HKAverageMETs" value="9.8 kcal/hr·kg"/>\n'
                          f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{s}" duration="10" durationUnit="min"/>\n'
                          f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{s}" endDate="{e}" sum="{rng.randint(250, 420)}" unit="kcal"/>\n'
                          f'  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="{s}" endDate="{e}" sum="{round(rng.uniform(5, 8), 3)}" unit="km"/>\n'
                          f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="{s}" endDate="{e}" average="152" minimum="98" maximum="181" unit="count/min"/>\n'
                          f'  <WorkoutRoute sourceName="Apple Watch" sourceVersion="10.2" creationDate="{e}" startDate="{s}" endDate="{e}">\n'
                          f'   <FileReference path="/workout-routes/route_{day.isoformat()}_6.41pm.gpx"/>\n'
                          f'  </WorkoutRoute>\n'
                          f' </Workout>\n')
            out.write(f' <ActivitySummary dateComponents="{day.isoformat()}" activeEnergyBurned="{rng.randint(200, 700)}" activeEnergyBurnedGoal="500" '
                      f'activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="{rng.randint(5, 90)}" '
                      f'appleExerciseTimeGoal="30" appleStandHours="{rng.randint(6, 14)}" appleStandHoursGoal="12"/>\n')
            t += datetime.timedelta(days=1)
        out.write("</HealthData>\n")


if __name__ == "__main__":
    main()
