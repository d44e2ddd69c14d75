import Foundation
import HTTPTypes
import Server
import Services

/// Every JSON route of `Sources/Server/Public/openapi.yaml`, each with a request the server accepts.
enum FuzzCatalog {
    static let bench = "6b1d0000-0000-4000-8000-000000000001"
    /// A host no resolver knows (RFC 2606): an alert's webhook, if it ever fires, reaches nobody.
    static let deadWebhook = "https://kiroku-fuzz.invalid/hook"

    static func routes(_ fixture: FuzzFixture, now: Date) -> [FuzzRoute] {
        let instant = APIJSON.formatDate(now.addingTimeInterval(-3600))
        let earlier = APIJSON.formatDate(now.addingTimeInterval(-7200))
        let limits = [(name: "limit", values: ["1", "20", "100"]), (name: "offset", values: ["0", "5"])]
        let sample: FuzzJSON = [
            "id": "0b0e1f5c-1c1d-4c6a-9a4e-7d1d5b0c1a01", "type": "stepCount", "value": 120, "unit": "count",
            "startDate": .string(earlier), "endDate": .string(instant), "sourceBundle": "com.apple.health",
            "metadata": ["device": "iPhone"], "isSynced": false, "createdAt": .string(instant), "timezone": "Asia/Tokyo", "timezoneOffset": 540,
        ]
        let record: FuzzJSON = [
            "metric": "weight", "value": 63.4, "unit": "kg", "start": .string(instant), "end": .string(instant), "utcOffsetSeconds": 32400,
            "sourceName": "fuzz", "device": "scale", "metadata": ["note": "after run"], "clientId": "fuzz-1",
        ]
        let observation: FuzzJSON = ["minutes": 25, "groups": 4, "status": "available", "observedAt": .string(APIJSON.formatDate(now))]
        return [
            FuzzRoute(method: .get, path: "/health", credential: .none),
            FuzzRoute(method: .get, path: "/api/v1/metrics", credential: .none),
            FuzzRoute(method: .get, path: "/api/v1/records", query: [
                ("metric", ["weight", "steps", "bodyMass"]), ("source", ["manual", "gateway"]), ("from", ["2026-01-01", earlier]),
                ("to", ["2027-01-01", instant]), ("limit", ["1", "100", "1000"]), ("cursor", ["MTIz"]),
            ]),
            FuzzRoute(method: .post, path: "/api/v1/records", body: record, weight: 8),
            FuzzRoute(method: .post, path: "/api/v1/records", body: ["records": [record, ["metric": "steps", "value": 4000]]]),
            FuzzRoute(method: .get, path: "/api/v1/records/{record}"),
            FuzzRoute(method: .patch, path: "/api/v1/records/{record}", body: [
                "value": 64.1, "unit": "kg", "start": .string(earlier), "end": .string(instant), "metadata": ["note": "edited"],
            ], weight: 6),
            FuzzRoute(method: .delete, path: "/api/v1/records/{record}", weight: 1),
            FuzzRoute(method: .get, path: "/api/v1/summaries", query: [
                ("metric", ["weight", "steps"]), ("from", ["2026-10-01"]), ("to", ["2026-11-20"]),
            ]),
            FuzzRoute(method: .get, path: "/api/v1/me"),
            FuzzRoute(method: .patch, path: "/api/v1/me", body: [
                "displayName": "Fuzz", "heightCm": 170, "targetWeightKg": 60, "timeZone": "Asia/Tokyo", "language": "ja",
                "dateOfBirth": "1990-05-01", "biologicalSex": "female",
            ], weight: 6),
            // Never the real password: the account must outlive the run.
            FuzzRoute(method: .delete, path: "/api/v1/me", body: ["password": "not the password"], weight: 1),
            FuzzRoute(method: .get, path: "/api/v1/tokens"),
            FuzzRoute(method: .post, path: "/api/v1/tokens", body: ["name": "fuzz"], weight: 2),
            FuzzRoute(method: .delete, path: "/api/v1/tokens/{token}", weight: 1),
            FuzzRoute(method: .get, path: "/api/v1/export", query: [("format", ["json", "csv"])], weight: 1),
            FuzzRoute(method: .get, path: "/api/stores", credential: .none, query: [
                ("maxWaitTime", ["30", "0", "1440"]), ("openOnly", ["true", "false"]), ("region", ["hamamatsu", "浜松"]),
                ("q", ["御殿場", "ｺﾞﾃﾝﾊﾞ"]), ("lat", ["34.7108"]), ("lon", ["137.7261"]),
            ]),
            FuzzRoute(method: .put, path: "/api/stores/waittimes", credential: .operatorToken, body: [
                "observations": [["storeId": "kannami", "minutes": 20, "groups": 3, "status": "available", "observedAt": .string(APIJSON.formatDate(now))]],
            ], weight: 6),
            FuzzRoute(method: .get, path: "/api/stores/{store}", credential: .none),
            FuzzRoute(method: .get, path: "/api/stores/{store}/waittime", credential: .none),
            FuzzRoute(method: .put, path: "/api/stores/{store}/waittime", credential: .operatorToken, body: observation, weight: 6),
            FuzzRoute(method: .get, path: "/api/stores/{store}/forecast", credential: .none, query: [("date", ["2026-11-20", "2026-12-31"])]),
            FuzzRoute(method: .get, path: "/api/v1/wait-alerts"),
            FuzzRoute(method: .post, path: "/api/v1/wait-alerts", body: ["storeId": "kannami", "maxMinutes": 30, "from": "11:00", "until": "21:00"], weight: 4),
            // On a store no fuzzed reading goes to: the alert never fires, so its webhook is checked but never called.
            FuzzRoute(method: .post, path: "/api/v1/wait-alerts", body: [
                "storeId": "gotemba-ic", "maxMinutes": 30, "webhookURL": .string(deadWebhook), "webhookFormat": "ntfy",
            ], weight: 2),
            FuzzRoute(method: .delete, path: "/api/v1/wait-alerts/{alert}", weight: 1),
            FuzzRoute(method: .get, path: "/api/v1/inbox"),
            FuzzRoute(method: .get, path: "/api/v1/tasks", query: [("filter", ["all", "in-progress", "completed", "due-soon", "archived"]), ("tag", ["home"])]),
            FuzzRoute(method: .post, path: "/api/v1/tasks", body: [
                "title": "Tidy the desk", "notes": "before Friday", "dueDate": "2026-12-01", "tags": ["home"], "steps": ["clear", "wipe"], "clientId": "fuzz-task",
            ], weight: 6),
            FuzzRoute(method: .put, path: "/api/v1/tasks/order", body: ["ids": [.number(fixture.task)]]),
            FuzzRoute(method: .get, path: "/api/v1/tasks/statistics", query: [("days", ["1", "365", "3660"])]),
            FuzzRoute(method: .get, path: "/api/v1/tasks/export", query: [("format", ["json", "csv"])], weight: 1),
            FuzzRoute(method: .get, path: "/api/v1/tasks/{task}"),
            FuzzRoute(method: .patch, path: "/api/v1/tasks/{task}", body: [
                "title": "Tidy", "notes": "soon", "dueDate": "2026-12-02", "tags": ["home", "desk"], "archived": false,
            ], weight: 6),
            FuzzRoute(method: .delete, path: "/api/v1/tasks/{task}", weight: 1),
            FuzzRoute(method: .post, path: "/api/v1/tasks/{task}/steps", body: ["title": "sort papers", "clientId": "fuzz-step"]),
            FuzzRoute(method: .put, path: "/api/v1/tasks/{task}/steps/order", body: ["ids": [.number(fixture.step)]]),
            FuzzRoute(method: .patch, path: "/api/v1/tasks/{task}/steps/{step}", body: ["title": "sort all papers", "done": true]),
            FuzzRoute(method: .delete, path: "/api/v1/tasks/{task}/steps/{step}", weight: 1),
            FuzzRoute(method: .post, path: "/api/v1/health-data", credential: .apiKeyHeader, body: [
                "deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "fuzz", "timestamp": .string(instant), "appVersion": "1.0.0",
                "samples": [sample],
            ], weight: 6),
            FuzzRoute(method: .post, path: "/v1/auth/device", credential: .none, weight: 1),
            FuzzRoute(method: .post, path: "/v1/auth/refresh", credential: .none, body: ["refreshToken": .string(fixture.spareRefreshToken)], weight: 2),
            FuzzRoute(method: .post, path: "/v1/auth/logout", credential: .none, body: ["refreshToken": .string(fixture.spareRefreshToken)], weight: 1),
            FuzzRoute(method: .get, path: "/v1/exercises", credential: .device, query: [("q", ["ベンチ", "bench"])] + limits),
            FuzzRoute(method: .post, path: "/v1/exercises", credential: .device, body: ["name": "Zercher Squat"]),
            FuzzRoute(method: .get, path: "/v1/me/exercises/recent", credential: .device, query: limits),
            FuzzRoute(method: .post, path: "/v1/sets", credential: .device, body: [
                "exerciseId": .string(bench), "weight": 80, "reps": 5, "rpe": 8, "notes": "felt easy", "performedAt": .string(instant),
            ], weight: 8),
            FuzzRoute(method: .get, path: "/v1/sets", credential: .device, query: limits + [
                ("date", ["2026-11-16"]), ("exerciseId", [bench]), ("sortBy", ["performedAt_desc", "performedAt_asc"]),
            ]),
            FuzzRoute(method: .patch, path: "/v1/sets/{set}", credential: .device, body: [
                "exerciseId": .string(bench), "weight": 82.5, "reps": 4, "rpe": .null, "notes": .null, "performedAt": .string(earlier),
            ], weight: 6),
            FuzzRoute(method: .delete, path: "/v1/sets/{set}", credential: .device, weight: 1),
            FuzzRoute(method: .get, path: "/v1/dashboard", credential: .device, query: [("span", ["1w", "4w", "52w"])]),
            FuzzRoute(method: .get, path: "/v1/me/workouts", credential: .device, query: limits),
            FuzzRoute(method: .get, path: "/v1/me/workouts/{day}", credential: .device),
            FuzzRoute(method: .get, path: "/api/v1/imports"),
            FuzzRoute(method: .get, path: "/api/v1/imports/{import}"),
            FuzzRoute(
                method: .post, path: "/api/v1/imports", query: [("name", ["weights.csv"])], weight: 1,
                rawBody: ("text/csv", "date,metric,value,unit\n2024-03-01T07:42:10+09:00,weight,70.2,kg\n")
            ),
            FuzzRoute(method: .post, path: "/api/v1/health-auto-export", credential: .healthAutoExportKey, body: [
                "data": [
                    "metrics": [
                        ["name": "step_count", "units": "count", "data": [["date": "2024-01-15 00:00:00 +0900", "qty": 1234, "source": "iPhone"]]],
                        ["name": "heart_rate", "units": "count/min", "data": [["date": "2024-01-15 08:00:00 +0900", "Min": 58, "Avg": 72.5, "Max": 121]]],
                        ["name": "sleep_analysis", "units": "hr", "data": [[
                            "startDate": "2024-01-16 00:00:00 +0900", "endDate": "2024-01-16 01:30:00 +0900", "value": "Core", "qty": 1.5,
                        ]]],
                    ],
                    "workouts": [[
                        "id": "A1B2", "name": "Outdoor Run", "start": "2024-01-15 18:00:00 +0900", "end": "2024-01-15 18:40:00 +0900",
                        "duration": 2400, "activeEnergyBurned": ["qty": 350, "units": "kcal"], "distance": ["qty": 6.2, "units": "km"],
                    ]],
                ],
            ], weight: 4),
        ]
    }
}
