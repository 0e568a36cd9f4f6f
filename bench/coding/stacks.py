"""The stacks the corpus's projects are built on: real source files and the words fillers use.

Each :class:`Stack` gives a project its repository (a few real source files, committed in
:mod:`bench.coding.repos`) and the slots filler turns are filled with: files, functions, types,
test names, the commands a developer runs there and what they print, dependencies to bump, CI
jobs, log lines and code snippets. Nothing here is a planted fact; :func:`bench.coding.corpus.validate`
checks that no planted value appears in any of it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stack:
    key: str
    language: str  # the code fence's language
    files: dict[str, str]  # repository path -> content
    funcs: tuple[str, ...]
    types: tuple[str, ...]
    tests: tuple[str, ...]
    test_cmd: str
    test_ok: str  # what a passing run prints; {n} is the count
    test_fail: str  # what a failing run prints; {test} and {file}
    lint_cmd: str
    lint_out: str  # one finding; {file}
    type_cmd: str
    build_cmd: str
    deps: tuple[tuple[str, str, str], ...]  # (package, from, to)
    manifest: str
    jobs: tuple[str, ...]
    logs: tuple[str, ...]
    snippets: tuple[str, ...]

    @property
    def code_files(self) -> tuple[str, ...]:
        skip = (".md", ".txt", ".toml", ".json", ".lock", ".gitignore", ".mod", ".yml", ".yaml", ".cfg", ".gradle",
                ".kts", ".exs", ".tfvars", ".xml", "Gemfile", "Makefile", "CMakeLists.txt", ".plist")
        return tuple(p for p in self.files if not p.endswith(skip))


STACKS: dict[str, Stack] = {}


def _add(stack: Stack) -> None:
    STACKS[stack.key] = stack


_add(Stack(
    key="django",
    language="python",
    files={
        "README.md": "# {name}\n\nBack office for the shop tills: orders, stock counts and end-of-day reports.\n\n"
                     "    python manage.py runserver\n",
        "requirements.txt": "Django==4.2.11\ndjangorestframework==3.14.0\npsycopg[binary]==3.1.18\ncelery==5.3.6\n"
                            "pytest-django==4.8.0\n",
        "manage.py": "#!/usr/bin/env python\nimport os\nimport sys\n\nif __name__ == \"__main__\":\n"
                     "    os.environ.setdefault(\"DJANGO_SETTINGS_MODULE\", \"backend.settings\")\n"
                     "    from django.core.management import execute_from_command_line\n\n"
                     "    execute_from_command_line(sys.argv)\n",
        "backend/settings.py": "from pathlib import Path\n\nBASE_DIR = Path(__file__).resolve().parent.parent\n"
                               "INSTALLED_APPS = [\"django.contrib.auth\", \"rest_framework\", \"backend.orders\"]\n"
                               "TIME_ZONE = \"UTC\"\nUSE_TZ = True\n",
        "backend/orders/models.py": "from decimal import Decimal\n\nfrom django.db import models\n\n\n"
                                    "class Order(models.Model):\n    created = models.DateTimeField(auto_now_add=True)\n"
                                    "    till = models.CharField(max_length=32)\n\n    def total(self) -> Decimal:\n"
                                    "        return sum((line.amount() for line in self.lines.all()), Decimal(0))\n\n\n"
                                    "class LineItem(models.Model):\n    order = models.ForeignKey(Order, related_name=\"lines\", "
                                    "on_delete=models.CASCADE)\n    sku = models.CharField(max_length=40)\n"
                                    "    quantity = models.PositiveIntegerField()\n"
                                    "    unit_price = models.DecimalField(max_digits=10, decimal_places=2)\n\n"
                                    "    def amount(self) -> Decimal:\n        return self.unit_price * self.quantity\n",
        "backend/orders/views.py": "from rest_framework import viewsets\n\nfrom .models import Order\n"
                                   "from .serializers import OrderSerializer\n\n\nclass OrderViewSet(viewsets.ModelViewSet):\n"
                                   "    queryset = Order.objects.prefetch_related(\"lines\")\n"
                                   "    serializer_class = OrderSerializer\n",
        "backend/orders/serializers.py": "from rest_framework import serializers\n\nfrom .models import Order\n\n\n"
                                         "class OrderSerializer(serializers.ModelSerializer):\n    class Meta:\n"
                                         "        model = Order\n        fields = [\"id\", \"created\", \"till\"]\n",
        "backend/reports/daily.py": "from datetime import date\n\nfrom backend.orders.models import Order\n\n\n"
                                    "def orders_for_day(day: date):\n    return Order.objects.filter(created__date=day)\n",
        "backend/orders/tests/test_models.py": "from decimal import Decimal\n\nimport pytest\n\n"
                                               "from backend.orders.models import LineItem\n\n\n"
                                               "def test_amount_multiplies_quantity():\n"
                                               "    assert LineItem(quantity=3, unit_price=Decimal(\"1.50\")).amount() == "
                                               "Decimal(\"4.50\")\n",
    },
    funcs=("orders_for_day", "total", "amount", "close_till", "merge_duplicate_skus", "build_zreport"),
    types=("OrderViewSet", "LineItem", "OrderSerializer", "TillSession", "StockCount"),
    tests=("test_amount_multiplies_quantity", "test_close_till_rejects_open_orders", "test_zreport_groups_by_till",
           "test_merge_duplicate_skus_keeps_oldest", "test_order_list_is_paginated"),
    test_cmd="pytest -q backend",
    test_ok="{n} passed in 4.21s",
    test_fail="FAILED {file}::{test} - AssertionError: assert Decimal('4.49') == Decimal('4.50')\n1 failed, 38 passed in 4.87s",
    lint_cmd="flake8 backend",
    lint_out="{file}:14:1: F401 'django.db.models.Q' imported but unused",
    type_cmd="mypy backend",
    build_cmd="python manage.py check --deploy",
    deps=(("Django", "4.2.11", "4.2.16"), ("djangorestframework", "3.14.0", "3.15.2"), ("celery", "5.3.6", "5.4.0"),
          ("psycopg", "3.1.18", "3.2.3")),
    manifest="requirements.txt",
    jobs=("unit", "lint", "migrations-check"),
    logs=("WARNING django.request: Not Found: /favicon.ico",
          "INFO backend.orders: till 04 closed with 0 open orders",
          "WARNING py.warnings: RemovedInDjango50Warning: The USE_L10N setting is deprecated"),
    snippets=("def close_till(session):\n    if session.orders.filter(status=\"open\").exists():\n"
              "        raise ValueError(\"till has open orders\")\n    session.closed_at = timezone.now()\n"
              "    session.save(update_fields=[\"closed_at\"])",
              "@pytest.mark.django_db\ndef test_order_list_is_paginated(client):\n"
              "    response = client.get(\"/api/orders/?page=2\")\n    assert response.status_code == 200\n"
              "    assert \"next\" in response.json()"),
))

_add(Stack(
    key="go",
    language="go",
    files={
        "README.md": "# {name}\n\nAssigns delivery stops to drivers and serves the route plans over HTTP.\n\n    go run ./cmd/{name}\n",
        "go.mod": "module github.com/acme/{name}\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.12\n"
                  "\tgithub.com/jackc/pgx/v5 v5.5.5\n\tgo.uber.org/zap v1.27.0\n)\n",
        "cmd/{name}/main.go": "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\n\t\"github.com/acme/{name}/internal/dispatch\"\n)\n\n"
                              "func main() {\n\tsrv := dispatch.NewServer()\n\tlog.Fatal(http.ListenAndServe(addr(), srv))\n}\n",
        "internal/dispatch/server.go": "package dispatch\n\nimport \"net/http\"\n\n// Server serves route plans.\n"
                                       "type Server struct {\n\tmux *http.ServeMux\n}\n\nfunc NewServer() *Server {\n"
                                       "\ts := &Server{mux: http.NewServeMux()}\n\ts.mux.HandleFunc(\"/plans\", s.handlePlans)\n"
                                       "\treturn s\n}\n\nfunc (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {\n"
                                       "\ts.mux.ServeHTTP(w, r)\n}\n",
        "internal/dispatch/assign.go": "package dispatch\n\n// Assign gives each stop to the nearest driver with capacity left.\n"
                                       "func Assign(stops []Stop, drivers []Driver) map[string][]Stop {\n"
                                       "\tout := make(map[string][]Stop)\n\tfor _, st := range stops {\n"
                                       "\t\tif d, ok := nearest(st, drivers, out); ok {\n\t\t\tout[d.ID] = append(out[d.ID], st)\n"
                                       "\t\t}\n\t}\n\treturn out\n}\n",
        "internal/geo/distance.go": "package geo\n\nimport \"math\"\n\n// Haversine returns the distance in metres.\n"
                                    "func Haversine(lat1, lon1, lat2, lon2 float64) float64 {\n\tconst r = 6371000.0\n"
                                    "\tdlat := (lat2 - lat1) * math.Pi / 180\n\tdlon := (lon2 - lon1) * math.Pi / 180\n"
                                    "\ta := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1*math.Pi/180)*"
                                    "math.Cos(lat2*math.Pi/180)*math.Sin(dlon/2)*math.Sin(dlon/2)\n"
                                    "\treturn 2 * r * math.Asin(math.Sqrt(a))\n}\n",
        "internal/dispatch/assign_test.go": "package dispatch\n\nimport \"testing\"\n\nfunc TestAssignRespectsCapacity(t *testing.T) {\n"
                                            "\tgot := Assign(sampleStops(6), sampleDrivers(2, 3))\n\tfor id, stops := range got {\n"
                                            "\t\tif len(stops) > 3 {\n\t\t\tt.Fatalf(\"driver %s got %d stops\", id, len(stops))\n"
                                            "\t\t}\n\t}\n}\n",
    },
    funcs=("Assign", "nearest", "Haversine", "handlePlans", "loadDrivers", "splitByZone"),
    types=("Server", "Stop", "Driver", "PlanStore", "ZoneIndex"),
    tests=("TestAssignRespectsCapacity", "TestHaversineKnownPair", "TestHandlePlansRejectsBadDate",
           "TestSplitByZoneEmpty", "TestPlanStoreRoundTrip"),
    test_cmd="go test ./...",
    test_ok="ok  \tgithub.com/acme/app/internal/dispatch\t0.{n}1s\nok  \tgithub.com/acme/app/internal/geo\t0.012s",
    test_fail="--- FAIL: {test} (0.00s)\n    {file}:31: driver d2 got 4 stops\nFAIL\tgithub.com/acme/app/internal/dispatch\t0.021s",
    lint_cmd="golangci-lint run",
    lint_out="{file}:22:2: ineffectual assignment to err (ineffassign)",
    type_cmd="go vet ./...",
    build_cmd="go build ./...",
    deps=(("github.com/go-chi/chi/v5", "v5.0.12", "v5.1.0"), ("github.com/jackc/pgx/v5", "v5.5.5", "v5.7.1"),
          ("go.uber.org/zap", "v1.27.0", "v1.27.1")),
    manifest="go.mod",
    jobs=("test", "lint", "build-image"),
    logs=("level=warn msg=\"driver location stale\" driver=d17 age=94s",
          "level=info msg=\"plan computed\" stops=212 drivers=14 took=38ms",
          "level=error msg=\"context canceled\" path=/plans"),
    snippets=("func splitByZone(stops []Stop, idx *ZoneIndex) map[string][]Stop {\n\tout := map[string][]Stop{}\n"
              "\tfor _, s := range stops {\n\t\tz := idx.Lookup(s.Lat, s.Lon)\n\t\tout[z] = append(out[z], s)\n\t}\n"
              "\treturn out\n}",
              "func TestSplitByZoneEmpty(t *testing.T) {\n\tif got := splitByZone(nil, newTestIndex()); len(got) != 0 {\n"
              "\t\tt.Fatalf(\"want empty, got %v\", got)\n\t}\n}"),
))

_add(Stack(
    key="rust",
    language="rust",
    files={
        "README.md": "# {name}\n\nSlice, filter and count structured log files from the command line.\n\n"
                     "    cargo run -- --level warn app.log\n",
        "Cargo.toml": "[package]\nname = \"{name}\"\nversion = \"0.4.2\"\nedition = \"2021\"\n\n[dependencies]\n"
                      "clap = { version = \"4.5\", features = [\"derive\"] }\nserde_json = \"1.0\"\nregex = \"1.10\"\n",
        "src/main.rs": "use clap::Parser;\n\nmod filter;\n\n#[derive(Parser)]\nstruct Args {\n    #[arg(long)]\n"
                       "    level: Option<String>,\n    files: Vec<std::path::PathBuf>,\n}\n\nfn main() {\n"
                       "    let args = Args::parse();\n    std::process::exit(filter::run(&args.files, args.level.as_deref()));\n}\n",
        "src/filter.rs": "use std::path::PathBuf;\n\npub fn run(files: &[PathBuf], level: Option<&str>) -> i32 {\n"
                         "    let mut matched = 0;\n    for f in files {\n        matched += count_matching(f, level);\n    }\n"
                         "    println!(\"{}\", matched);\n    0\n}\n",
        "crates/slice-core/src/lib.rs": "/// One parsed log record.\npub struct Record {\n    pub level: Level,\n"
                                        "    pub message: String,\n}\n\n#[derive(PartialEq, PartialOrd)]\npub enum Level {\n"
                                        "    Debug,\n    Info,\n    Warn,\n    Error,\n}\n",
        "tests/cli.rs": "use assert_cmd::Command;\n\n#[test]\nfn counts_warnings() {\n"
                        "    Command::cargo_bin(\"app\").unwrap_or_else(|e| panic!(\"{e}\"))\n"
                        "        .args([\"--level\", \"warn\", \"tests/data/small.log\"])\n        .assert()\n"
                        "        .stdout(\"3\\n\");\n}\n",
    },
    funcs=("count_matching", "parse_line", "run", "open_maybe_gzip", "merge_sorted"),
    types=("Record", "Level", "Args", "LineReader", "TimeWindow"),
    tests=("counts_warnings", "parses_rfc3339_timestamps", "skips_blank_lines", "merge_sorted_is_stable",
           "gzip_input_is_detected"),
    test_cmd="cargo test",
    test_ok="test result: ok. {n} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.08s",
    test_fail="---- {test} stdout ----\nthread '{test}' panicked at {file}:40:9:\nassertion `left == right` failed\n"
              "test result: FAILED. 21 passed; 1 failed",
    lint_cmd="cargo clippy -- -D warnings",
    lint_out="error: this `if` has identical blocks\n  --> {file}:28:9",
    type_cmd="cargo check",
    build_cmd="cargo build --release",
    deps=(("clap", "4.5.4", "4.5.20"), ("regex", "1.10.4", "1.11.0"), ("serde_json", "1.0.115", "1.0.128")),
    manifest="Cargo.toml",
    jobs=("test", "clippy", "release-build"),
    logs=("warning: unused variable: `line_no`", "Compiling slice-core v0.4.2", "Finished `release` profile [optimized]"),
    snippets=("pub fn merge_sorted(a: Vec<Record>, b: Vec<Record>) -> Vec<Record> {\n    let mut out = Vec::with_capacity(a.len() + b.len());\n"
              "    let (mut i, mut j) = (a.into_iter().peekable(), b.into_iter().peekable());\n"
              "    while let (Some(x), Some(y)) = (i.peek(), j.peek()) {\n"
              "        if x.ts <= y.ts { out.extend(i.next()) } else { out.extend(j.next()) }\n    }\n"
              "    out.extend(i);\n    out.extend(j);\n    out\n}",),
))

_add(Stack(
    key="react",
    language="tsx",
    files={
        "README.md": "# {name}\n\nThe support team's ticket dashboard.\n\n    npm install\n    npm run dev\n",
        "package.json": "{\n  \"name\": \"{name}\",\n  \"private\": true,\n  \"scripts\": {\n    \"dev\": \"vite\",\n"
                        "    \"build\": \"tsc -b && vite build\",\n    \"test\": \"vitest run\",\n    \"lint\": \"eslint src\"\n  },\n"
                        "  \"dependencies\": {\n    \"react\": \"^18.2.0\",\n    \"react-dom\": \"^18.2.0\",\n"
                        "    \"@tanstack/react-query\": \"^5.28.0\"\n  }\n}\n",
        "src/App.tsx": "import { TicketList } from './components/TicketList';\n\nexport default function App() {\n"
                       "  return <main><TicketList /></main>;\n}\n",
        "src/components/TicketList.tsx": "import { useTickets } from '../api/tickets';\n\nexport function TicketList() {\n"
                                         "  const { data, isLoading } = useTickets();\n  if (isLoading) return <p>Loading…</p>;\n"
                                         "  return (\n    <ul>\n      {data?.map((t) => <li key={t.id}>{t.subject}</li>)}\n"
                                         "    </ul>\n  );\n}\n",
        "src/api/tickets.ts": "import { useQuery } from '@tanstack/react-query';\n\nexport interface Ticket {\n  id: string;\n"
                              "  subject: string;\n  status: 'open' | 'pending' | 'closed';\n}\n\nexport function useTickets() {\n"
                              "  return useQuery({ queryKey: ['tickets'], queryFn: () => fetch('/api/tickets').then((r) => r.json()) });\n}\n",
        "src/components/TicketList.test.tsx": "import { render, screen } from '@testing-library/react';\n"
                                              "import { TicketList } from './TicketList';\n\n"
                                              "it('shows a loading state', () => {\n  render(<TicketList />);\n"
                                              "  expect(screen.getByText(/loading/i)).toBeInTheDocument();\n});\n",
    },
    funcs=("useTickets", "TicketList", "formatAge", "groupByStatus", "useDebouncedValue"),
    types=("Ticket", "TicketFilters", "AssigneeBadge", "StatusPill"),
    tests=("shows a loading state", "groups tickets by status", "formats ages in hours", "debounces the search box"),
    test_cmd="npm test",
    test_ok=" Test Files  9 passed (9)\n      Tests  {n} passed ({n})\n   Duration  3.42s",
    test_fail=" FAIL  {file} > {test}\nAssertionError: expected 'Pending' to be 'pending'\n Test Files  1 failed | 8 passed (9)",
    lint_cmd="npm run lint",
    lint_out="{file}\n  12:10  warning  'setOpen' is assigned a value but never used  @typescript-eslint/no-unused-vars",
    type_cmd="npx tsc --noEmit",
    build_cmd="npm run build",
    deps=(("react", "18.2.0", "18.3.1"), ("@tanstack/react-query", "5.28.0", "5.59.0"), ("vite", "5.2.0", "5.4.8")),
    manifest="package.json",
    jobs=("typecheck", "unit", "build"),
    logs=("Warning: Each child in a list should have a unique \"key\" prop.",
          "[vite] hmr update /src/components/TicketList.tsx",
          "Warning: Can't perform a React state update on an unmounted component."),
    snippets=("export function groupByStatus(tickets: Ticket[]): Record<Ticket['status'], Ticket[]> {\n"
              "  return tickets.reduce(\n    (acc, t) => ({ ...acc, [t.status]: [...(acc[t.status] ?? []), t] }),\n"
              "    { open: [], pending: [], closed: [] } as Record<Ticket['status'], Ticket[]>,\n  );\n}",
              "it('groups tickets by status', () => {\n  const groups = groupByStatus(sample);\n"
              "  expect(groups.open).toHaveLength(2);\n  expect(groups.closed).toHaveLength(1);\n});"),
))

_add(Stack(
    key="express",
    language="javascript",
    files={
        "README.md": "# {name}\n\nShipping API: quotes, labels and tracking for the warehouse.\n\n    npm start\n",
        "package.json": "{\n  \"name\": \"{name}\",\n  \"main\": \"src/server.js\",\n  \"scripts\": {\n"
                        "    \"start\": \"node src/server.js\",\n    \"test\": \"jest\",\n    \"lint\": \"eslint .\"\n  },\n"
                        "  \"dependencies\": {\n    \"express\": \"^4.19.2\",\n    \"pino\": \"^8.19.0\",\n    \"pg\": \"^8.11.3\"\n  }\n}\n",
        "src/server.js": "const express = require('express');\nconst quotes = require('./routes/quotes');\n\n"
                         "const app = express();\napp.use(express.json());\napp.use('/quotes', quotes);\n\n"
                         "module.exports = app;\nif (require.main === module) app.listen(process.env.PORT);\n",
        "src/routes/quotes.js": "const { Router } = require('express');\nconst { priceParcel } = require('../services/pricing');\n\n"
                                "const router = Router();\nrouter.post('/', async (req, res) => {\n"
                                "  res.json(await priceParcel(req.body));\n});\n\nmodule.exports = router;\n",
        "src/services/pricing.js": "function volumetricWeight({ length, width, height }) {\n"
                                   "  return (length * width * height) / 5000;\n}\n\nasync function priceParcel(parcel) {\n"
                                   "  const weight = Math.max(parcel.weight, volumetricWeight(parcel));\n"
                                   "  return { weight, zone: parcel.zone };\n}\n\nmodule.exports = { priceParcel, volumetricWeight };\n",
        "test/pricing.test.js": "const { volumetricWeight } = require('../src/services/pricing');\n\n"
                                "test('volumetric weight uses the 5000 divisor', () => {\n"
                                "  expect(volumetricWeight({ length: 50, width: 40, height: 30 })).toBe(12);\n});\n",
    },
    funcs=("priceParcel", "volumetricWeight", "createLabel", "trackShipment", "normaliseAddress"),
    types=("QuoteRequest", "LabelJob", "TrackingEvent", "CarrierClient"),
    tests=("volumetric weight uses the 5000 divisor", "rejects quotes without a zone", "retries label creation once",
           "normalises postcodes to upper case"),
    test_cmd="npm test",
    test_ok="Test Suites: 7 passed, 7 total\nTests:       {n} passed, {n} total\nTime:        2.118 s",
    test_fail="FAIL {file}\n  ● {test}\n    expect(received).toBe(expected)\nTests:       1 failed, 40 passed, 41 total",
    lint_cmd="npm run lint",
    lint_out="{file}\n  8:7  error  'carrier' is assigned a value but never used  no-unused-vars",
    type_cmd="npx tsc --noEmit -p jsconfig.json",
    build_cmd="docker build -t app .",
    deps=(("express", "4.19.2", "4.21.1"), ("pino", "8.19.0", "9.4.0"), ("pg", "8.11.3", "8.13.0"), ("jest", "29.6.0", "29.7.0")),
    manifest="package.json",
    jobs=("test", "lint", "docker"),
    logs=("{\"level\":40,\"msg\":\"carrier responded slowly\",\"ms\":2311}",
          "{\"level\":30,\"msg\":\"request completed\",\"statusCode\":200,\"responseTime\":18}",
          "(node:4121) DeprecationWarning: The `punycode` module is deprecated."),
    snippets=("function normaliseAddress(addr) {\n  return {\n    ...addr,\n    postcode: addr.postcode.replace(/\\s+/g, '').toUpperCase(),\n"
              "    country: addr.country ?? 'GB',\n  };\n}",
              "test('normalises postcodes to upper case', () => {\n  expect(normaliseAddress({ postcode: 'sw1a 1aa' }).postcode)\n"
              "    .toBe('SW1A1AA');\n});"),
))

_add(Stack(
    key="spring",
    language="java",
    files={
        "README.md": "# {name}\n\nInvoicing service: invoices, credit notes and the monthly statements.\n\n    ./gradlew bootRun\n",
        "build.gradle.kts": "plugins {\n    java\n    id(\"org.springframework.boot\") version \"3.2.4\"\n}\n\n"
                            "dependencies {\n    implementation(\"org.springframework.boot:spring-boot-starter-web\")\n"
                            "    implementation(\"org.springframework.boot:spring-boot-starter-data-jpa\")\n"
                            "    testImplementation(\"org.springframework.boot:spring-boot-starter-test\")\n}\n",
        "src/main/java/com/acme/billing/InvoiceController.java":
            "package com.acme.billing;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n"
            "@RequestMapping(\"/invoices\")\npublic class InvoiceController {\n    private final InvoiceService service;\n\n"
            "    public InvoiceController(InvoiceService service) {\n        this.service = service;\n    }\n\n"
            "    @GetMapping(\"/{id}\")\n    public InvoiceDto get(@PathVariable long id) {\n        return service.find(id);\n    }\n}\n",
        "src/main/java/com/acme/billing/InvoiceService.java":
            "package com.acme.billing;\n\nimport org.springframework.stereotype.Service;\n\n@Service\n"
            "public class InvoiceService {\n    private final InvoiceRepository repo;\n\n"
            "    public InvoiceService(InvoiceRepository repo) {\n        this.repo = repo;\n    }\n\n"
            "    public InvoiceDto find(long id) {\n        return repo.findById(id).map(InvoiceDto::from).orElseThrow();\n    }\n}\n",
        "src/main/java/com/acme/billing/StatementJob.java":
            "package com.acme.billing;\n\npublic class StatementJob {\n    public void runForMonth(java.time.YearMonth month) {\n"
            "        // one statement per customer with activity in the month\n    }\n}\n",
        "src/test/java/com/acme/billing/InvoiceServiceTest.java":
            "package com.acme.billing;\n\nimport org.junit.jupiter.api.Test;\n\nclass InvoiceServiceTest {\n"
            "    @Test\n    void findThrowsForUnknownId() {\n    }\n}\n",
    },
    funcs=("find", "runForMonth", "issueCreditNote", "applyPayment", "renderStatement"),
    types=("InvoiceController", "InvoiceService", "InvoiceRepository", "StatementJob", "CreditNote"),
    tests=("findThrowsForUnknownId", "creditNoteCannotExceedInvoice", "statementIncludesLatePayments",
           "applyPaymentMarksInvoicePaid"),
    test_cmd="./gradlew test",
    test_ok="BUILD SUCCESSFUL in 41s\n{n} tests completed, 0 failed",
    test_fail="InvoiceServiceTest > {test}() FAILED\n    org.opentest4j.AssertionFailedError at {file}:58\n"
              "38 tests completed, 1 failed\nBUILD FAILED in 37s",
    lint_cmd="./gradlew checkstyleMain",
    lint_out="[ant:checkstyle] [WARN] {file}:33:5: Missing a Javadoc comment. [MissingJavadocMethod]",
    type_cmd="./gradlew compileJava",
    build_cmd="./gradlew bootJar",
    deps=(("spring-boot", "3.2.4", "3.3.5"), ("postgresql", "42.7.3", "42.7.4"), ("mapstruct", "1.5.5.Final", "1.6.2")),
    manifest="build.gradle.kts",
    jobs=("build", "test", "checkstyle"),
    logs=("WARN o.h.e.j.s.SqlExceptionHelper - SQL Warning Code: 0, SQLState: 00000",
          "INFO c.a.billing.StatementJob - statements generated: 1422 in 38s",
          "WARN o.s.b.a.o.j.JpaBaseConfiguration - spring.jpa.open-in-view is enabled by default"),
    snippets=("public CreditNote issueCreditNote(Invoice invoice, BigDecimal amount) {\n"
              "    if (amount.compareTo(invoice.outstanding()) > 0) {\n"
              "        throw new IllegalArgumentException(\"credit exceeds outstanding amount\");\n    }\n"
              "    return repo.save(new CreditNote(invoice, amount));\n}",),
))

_add(Stack(
    key="rails",
    language="ruby",
    files={
        "README.md": "# {name}\n\nRoom and desk bookings for the co-working spaces.\n\n    bin/rails server\n",
        "Gemfile": "source \"https://rubygems.org\"\n\ngem \"rails\", \"~> 7.1.3\"\ngem \"pg\", \"~> 1.5\"\ngem \"sidekiq\", \"~> 7.2\"\n\n"
                   "group :test do\n  gem \"rspec-rails\"\nend\n",
        "app/models/booking.rb": "class Booking < ApplicationRecord\n  belongs_to :room\n  belongs_to :member\n\n"
                                 "  validates :starts_at, :ends_at, presence: true\n  validate :ends_after_start\n\n  private\n\n"
                                 "  def ends_after_start\n    errors.add(:ends_at, \"must be after the start\") if ends_at <= starts_at\n  end\nend\n",
        "app/models/room.rb": "class Room < ApplicationRecord\n  has_many :bookings\n\n  def free?(range)\n"
                              "    bookings.where(\"starts_at < ? AND ends_at > ?\", range.end, range.begin).none?\n  end\nend\n",
        "app/controllers/bookings_controller.rb": "class BookingsController < ApplicationController\n  def create\n"
                                                  "    booking = Booking.new(booking_params)\n    if booking.save\n"
                                                  "      render json: booking, status: :created\n    else\n"
                                                  "      render json: booking.errors, status: :unprocessable_entity\n    end\n  end\nend\n",
        "spec/models/booking_spec.rb": "require \"rails_helper\"\n\nRSpec.describe Booking do\n"
                                       "  it \"rejects an end before the start\" do\n"
                                       "    booking = build(:booking, starts_at: 2.hours.from_now, ends_at: 1.hour.from_now)\n"
                                       "    expect(booking).not_to be_valid\n  end\nend\n",
    },
    funcs=("free?", "ends_after_start", "booking_params", "cancel!", "overlapping"),
    types=("Booking", "Room", "Member", "BookingsController", "ReminderJob"),
    tests=("rejects an end before the start", "finds overlapping bookings", "cancels with a refund inside 24 hours",
           "sends a reminder the day before"),
    test_cmd="bundle exec rspec",
    test_ok="Finished in 6.02 seconds (files took 2.1 seconds to load)\n{n} examples, 0 failures",
    test_fail="Failures:\n\n  1) Booking {test}\n     Failure/Error: expect(booking).not_to be_valid\n"
              "     # ./{file}:9\n64 examples, 1 failure",
    lint_cmd="bundle exec rubocop",
    lint_out="{file}:12:5: C: Style/GuardClause: Use a guard clause instead of wrapping the code inside a conditional.",
    type_cmd="bundle exec srb tc",
    build_cmd="bin/rails assets:precompile",
    deps=(("rails", "7.1.3", "7.1.4"), ("sidekiq", "7.2.2", "7.3.2"), ("pg", "1.5.4", "1.5.8")),
    manifest="Gemfile",
    jobs=("rspec", "rubocop", "brakeman"),
    logs=("DEPRECATION WARNING: `to_time` will always preserve the receiver timezone",
          "Completed 200 OK in 48ms (Views: 0.3ms | ActiveRecord: 12.9ms)",
          "Sidekiq ReminderJob JID-4c1 done: 0.41 sec"),
    snippets=("scope :overlapping, ->(range) {\n  where(\"starts_at < ? AND ends_at > ?\", range.end, range.begin)\n}",
              "it \"finds overlapping bookings\" do\n  create(:booking, starts_at: 1.hour.from_now, ends_at: 3.hours.from_now)\n"
              "  expect(Booking.overlapping(2.hours.from_now..4.hours.from_now).count).to eq(1)\nend"),
))

_add(Stack(
    key="phoenix",
    language="elixir",
    files={
        "README.md": "# {name}\n\nTeam chat: rooms, presence and message history.\n\n    mix phx.server\n",
        "mix.exs": "defmodule Beacon.MixProject do\n  use Mix.Project\n\n  def project do\n"
                   "    [app: :beacon, version: \"0.9.1\", elixir: \"~> 1.16\", deps: deps()]\n  end\n\n"
                   "  defp deps do\n    [{:phoenix, \"~> 1.7.11\"}, {:ecto_sql, \"~> 3.11\"}, {:jason, \"~> 1.4\"}]\n  end\nend\n",
        "lib/beacon/rooms.ex": "defmodule Beacon.Rooms do\n  alias Beacon.Repo\n  alias Beacon.Rooms.Message\n\n"
                               "  def post(room_id, user_id, body) do\n"
                               "    %Message{room_id: room_id, user_id: user_id, body: body}\n"
                               "    |> Message.changeset(%{})\n    |> Repo.insert()\n  end\nend\n",
        "lib/beacon_web/channels/room_channel.ex": "defmodule BeaconWeb.RoomChannel do\n  use BeaconWeb, :channel\n\n"
                                                   "  def join(\"room:\" <> id, _params, socket) do\n"
                                                   "    {:ok, assign(socket, :room_id, id)}\n  end\n\n"
                                                   "  def handle_in(\"new_msg\", %{\"body\" => body}, socket) do\n"
                                                   "    broadcast!(socket, \"new_msg\", %{body: body})\n    {:noreply, socket}\n  end\nend\n",
        "test/beacon/rooms_test.exs": "defmodule Beacon.RoomsTest do\n  use Beacon.DataCase\n\n"
                                      "  test \"post/3 stores the message\" do\n"
                                      "    assert {:ok, msg} = Beacon.Rooms.post(room().id, user().id, \"hi\")\n"
                                      "    assert msg.body == \"hi\"\n  end\nend\n",
    },
    funcs=("post/3", "join/3", "handle_in/3", "history/2", "mark_read/2"),
    types=("Beacon.Rooms", "BeaconWeb.RoomChannel", "Beacon.Rooms.Message", "BeaconWeb.Presence"),
    tests=("post/3 stores the message", "history/2 pages backwards", "join rejects a banned user",
           "mark_read/2 is idempotent"),
    test_cmd="mix test",
    test_ok="Finished in 1.9 seconds (0.8s async, 1.1s sync)\n{n} tests, 0 failures",
    test_fail="  1) test {test} (Beacon.RoomsTest)\n     {file}:14\n     Assertion with == failed\n48 tests, 1 failure",
    lint_cmd="mix credo --strict",
    lint_out="┃ [R] → Modules should have a @moduledoc tag.\n┃       {file}:1:11",
    type_cmd="mix dialyzer",
    build_cmd="MIX_ENV=prod mix release",
    deps=(("phoenix", "1.7.11", "1.7.14"), ("ecto_sql", "3.11.1", "3.12.0"), ("jason", "1.4.1", "1.4.4")),
    manifest="mix.exs",
    jobs=("test", "credo", "dialyzer"),
    logs=("[warning] Phoenix.Presence tracker diff took 212ms",
          "[info] JOINED room:lobby in 41µs", "[debug] QUERY OK source=\"messages\" db=1.8ms"),
    snippets=("def history(room_id, before) do\n  from(m in Message,\n    where: m.room_id == ^room_id and m.inserted_at < ^before,\n"
              "    order_by: [desc: m.inserted_at],\n    limit: 50\n  )\n  |> Repo.all()\nend",),
))

_add(Stack(
    key="cpp",
    language="cpp",
    files={
        "README.md": "# {name}\n\nTriangle mesh processing: simplification, normals and OBJ/PLY I/O.\n\n"
                     "    cmake -B build && cmake --build build\n",
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(meshkit CXX)\nset(CMAKE_CXX_STANDARD 20)\n"
                          "add_library(meshkit src/mesh.cpp src/simplify.cpp)\ntarget_include_directories(meshkit PUBLIC include)\n"
                          "enable_testing()\nadd_subdirectory(tests)\n",
        "include/meshkit/mesh.hpp": "#pragma once\n#include <array>\n#include <vector>\n\nnamespace meshkit {\n\n"
                                    "struct Mesh {\n    std::vector<std::array<float, 3>> vertices;\n"
                                    "    std::vector<std::array<unsigned, 3>> faces;\n};\n\n"
                                    "Mesh load_obj(const char* path);\nvoid compute_normals(Mesh& mesh);\n\n}  // namespace meshkit\n",
        "src/mesh.cpp": "#include \"meshkit/mesh.hpp\"\n\nnamespace meshkit {\n\nvoid compute_normals(Mesh& mesh) {\n"
                        "    (void)mesh;  // area-weighted face normals accumulated per vertex\n}\n\n}  // namespace meshkit\n",
        "src/simplify.cpp": "#include \"meshkit/mesh.hpp\"\n\nnamespace meshkit {\n\n"
                            "Mesh simplify(const Mesh& in, float ratio) {\n    Mesh out = in;\n    (void)ratio;\n    return out;\n}\n\n"
                            "}  // namespace meshkit\n",
        "tests/test_mesh.cpp": "#include <gtest/gtest.h>\n#include \"meshkit/mesh.hpp\"\n\n"
                               "TEST(Mesh, LoadsCube) {\n    auto m = meshkit::load_obj(\"data/cube.obj\");\n"
                               "    EXPECT_EQ(m.faces.size(), 12u);\n}\n",
    },
    funcs=("compute_normals", "load_obj", "simplify", "collapse_edge", "write_ply"),
    types=("Mesh", "EdgeHeap", "Quadric", "PlyWriter", "HalfEdge"),
    tests=("Mesh.LoadsCube", "Simplify.KeepsBoundary", "Normals.FlatQuadPointsUp", "Ply.RoundTrip"),
    test_cmd="ctest --test-dir build --output-on-failure",
    test_ok="100% tests passed, 0 tests failed out of {n}\nTotal Test time (real) =   1.84 sec",
    test_fail="[  FAILED  ] {test}\n{file}:27: Failure\nExpected equality of these values:\n  m.faces.size()\n    Which is: 11\n"
              "96% tests passed, 1 tests failed out of 27",
    lint_cmd="clang-tidy src/*.cpp -p build",
    lint_out="{file}:41:10: warning: use emplace_back instead of push_back [modernize-use-emplace]",
    type_cmd="cmake --build build --target all -- -k 0",
    build_cmd="cmake --build build -j2",
    deps=(("googletest", "1.14.0", "1.15.2"), ("fmt", "10.2.1", "11.0.2"), ("eigen", "3.4.0", "3.4.1")),
    manifest="CMakeLists.txt",
    jobs=("gcc-debug", "clang-release", "asan"),
    logs=("warning: comparison of integer expressions of different signedness [-Wsign-compare]",
          "[ 45%] Building CXX object CMakeFiles/meshkit.dir/src/simplify.cpp.o",
          "==4411==WARNING: AddressSanitizer failed to allocate 0x10000 bytes"),
    snippets=("void collapse_edge(Mesh& m, unsigned a, unsigned b) {\n    for (auto& f : m.faces)\n"
              "        for (auto& v : f)\n            if (v == b) v = a;\n"
              "    std::erase_if(m.faces, [](const auto& f) { return f[0] == f[1] || f[1] == f[2] || f[0] == f[2]; });\n}",),
))

_add(Stack(
    key="pipeline",
    language="python",
    files={
        "README.md": "# {name}\n\nNightly loads from the harbour sensors and the billing export into the warehouse.\n\n"
                     "    airflow dags test nightly_load 2024-01-01\n    dbt build --select staging\n",
        "requirements.txt": "apache-airflow==2.8.4\ndbt-core==1.7.11\ndbt-postgres==1.7.11\npandas==2.2.1\n",
        "dags/nightly_load.py": "from datetime import datetime\n\nfrom airflow import DAG\n"
                                "from airflow.operators.bash import BashOperator\n\n"
                                "with DAG(\"nightly_load\", start_date=datetime(2024, 1, 1), schedule=\"0 2 * * *\", catchup=False) as dag:\n"
                                "    extract = BashOperator(task_id=\"extract\", bash_command=\"python scripts/extract.py\")\n"
                                "    transform = BashOperator(task_id=\"transform\", bash_command=\"dbt build --select staging\")\n"
                                "    extract >> transform\n",
        "models/staging/stg_readings.sql": "select\n    sensor_id,\n    reading_at::timestamptz as reading_at,\n"
                                           "    value_mm\nfrom {{ source('raw', 'readings') }}\nwhere value_mm is not null\n",
        "models/staging/schema.yml": "version: 2\nmodels:\n  - name: stg_readings\n    columns:\n      - name: sensor_id\n"
                                     "        tests: [not_null]\n",
        "scripts/extract.py": "import pandas as pd\n\n\ndef extract(path: str) -> pd.DataFrame:\n"
                              "    frame = pd.read_csv(path, parse_dates=[\"reading_at\"])\n"
                              "    return frame.drop_duplicates([\"sensor_id\", \"reading_at\"])\n",
    },
    funcs=("extract", "stg_readings", "dedupe_readings", "backfill_range", "load_billing_export"),
    types=("nightly_load", "stg_readings", "fct_tide_daily", "dim_sensor"),
    tests=("not_null_stg_readings_sensor_id", "unique_fct_tide_daily_day", "test_extract_drops_duplicates",
           "accepted_values_dim_sensor_kind"),
    test_cmd="dbt build --select staging",
    test_ok="Completed successfully\n\nDone. PASS={n} WARN=0 ERROR=0 SKIP=0 TOTAL={n}",
    test_fail="Failure in test {test} ({file})\n  Got 14 results, configured to fail if != 0\nDone. PASS=30 WARN=0 ERROR=1",
    lint_cmd="sqlfluff lint models",
    lint_out="== [{file}] FAIL\nL:   3 | P:   5 | LT01 | Expected only single space before 'as' keyword.",
    type_cmd="mypy scripts dags",
    build_cmd="dbt compile",
    deps=(("apache-airflow", "2.8.4", "2.9.3"), ("dbt-core", "1.7.11", "1.8.7"), ("pandas", "2.2.1", "2.2.3")),
    manifest="requirements.txt",
    jobs=("dbt-build", "lint-sql", "dag-integrity"),
    logs=("WARNING - Dependencies not met for <TaskInstance: nightly_load.transform>",
          "INFO - Marking task as SUCCESS. dag_id=nightly_load, task_id=extract",
          "17:02:11  1 of 9 OK created sql view model staging.stg_readings"),
    snippets=("def backfill_range(start, end):\n    day = start\n    while day <= end:\n"
              "        yield day.strftime(\"%Y-%m-%d\")\n        day += timedelta(days=1)",
              "select day, avg(value_mm) as mean_mm\nfrom {{ ref('stg_readings') }}\ngroup by 1"),
))

_add(Stack(
    key="terraform",
    language="hcl",
    files={
        "README.md": "# {name}\n\nTerraform for the shared AWS accounts: network, clusters, databases.\n\n"
                     "    cd envs/staging && terraform init && terraform plan\n",
        "modules/network/main.tf": "resource \"aws_vpc\" \"main\" {\n  cidr_block           = var.cidr\n"
                                   "  enable_dns_hostnames = true\n  tags = { Name = var.name }\n}\n",
        "modules/network/variables.tf": "variable \"cidr\" {\n  type = string\n}\n\nvariable \"name\" {\n  type = string\n}\n",
        "envs/staging/main.tf": "module \"network\" {\n  source = \"../../modules/network\"\n  cidr   = \"10.20.0.0/16\"\n"
                                "  name   = \"staging\"\n}\n",
        "envs/prod/main.tf": "module \"network\" {\n  source = \"../../modules/network\"\n  cidr   = \"10.30.0.0/16\"\n"
                             "  name   = \"prod\"\n}\n",
        "envs/prod/versions.tf": "terraform {\n  required_version = \">= 1.6\"\n  required_providers {\n"
                                 "    aws = { source = \"hashicorp/aws\", version = \"~> 5.40\" }\n  }\n}\n",
    },
    funcs=("aws_vpc.main", "module.network", "aws_security_group.app", "aws_db_instance.primary", "aws_iam_role.ci"),
    types=("network", "eks_cluster", "rds", "iam"),
    tests=("validate", "tflint", "checkov CKV_AWS_79", "plan-staging"),
    test_cmd="terraform validate && terraform plan -lock=false",
    test_ok="Success! The configuration is valid.\n\nNo changes. Your infrastructure matches the configuration.\n({n} resources checked)",
    test_fail="Error: Unsupported argument\n\n  on {file} line 12, in resource \"aws_security_group\" \"app\":\n"
              "  12:   ingress_rules = var.rules",
    lint_cmd="tflint --recursive",
    lint_out="Warning: variable \"name\" is declared but not used (terraform_unused_declarations)\n\n  on {file} line 5:",
    type_cmd="terraform fmt -check -recursive",
    build_cmd="terraform plan -out plan.tfplan",
    deps=(("hashicorp/aws", "5.40.0", "5.72.1"), ("terraform-aws-modules/eks/aws", "20.8.4", "20.26.0"),
          ("hashicorp/random", "3.6.0", "3.6.3")),
    manifest="envs/prod/versions.tf",
    jobs=("fmt", "validate", "plan-staging"),
    logs=("Warning: Argument is deprecated\n  Use the aws_s3_bucket_versioning resource instead",
          "Acquiring state lock. This may take a few moments...",
          "module.network.aws_vpc.main: Refreshing state... [id=vpc-0a12]"),
    snippets=("resource \"aws_security_group_rule\" \"app_ingress\" {\n  type              = \"ingress\"\n"
              "  from_port         = 443\n  to_port           = 443\n  protocol          = \"tcp\"\n"
              "  security_group_id = aws_security_group.app.id\n  cidr_blocks       = [var.cidr]\n}",),
))

_add(Stack(
    key="android",
    language="kotlin",
    files={
        "README.md": "# {name}\n\nAndroid app for tracking what you planted and when to water it.\n\n    ./gradlew installDebug\n",
        "settings.gradle.kts": "rootProject.name = \"{name}\"\ninclude(\":app\")\n",
        "app/build.gradle.kts": "plugins {\n    id(\"com.android.application\")\n    kotlin(\"android\")\n}\n\n"
                                "android {\n    namespace = \"com.acme.garden\"\n    compileSdk = 34\n}\n",
        "app/src/main/java/com/acme/garden/PlantListViewModel.kt":
            "package com.acme.garden\n\nimport androidx.lifecycle.ViewModel\n\n"
            "class PlantListViewModel(private val repo: PlantRepository) : ViewModel() {\n"
            "    val plants = repo.observeAll()\n\n    fun water(id: Long) = repo.markWatered(id)\n}\n",
        "app/src/main/java/com/acme/garden/PlantRepository.kt":
            "package com.acme.garden\n\nclass PlantRepository(private val dao: PlantDao) {\n"
            "    fun observeAll() = dao.observeAll()\n    fun markWatered(id: Long) = dao.setWatered(id, System.currentTimeMillis())\n}\n",
        "app/src/test/java/com/acme/garden/PlantListViewModelTest.kt":
            "package com.acme.garden\n\nimport org.junit.Test\n\nclass PlantListViewModelTest {\n"
            "    @Test\n    fun waterMarksThePlant() {\n    }\n}\n",
    },
    funcs=("observeAll", "markWatered", "water", "nextWateringDate", "schedulePlantReminder"),
    types=("PlantListViewModel", "PlantRepository", "PlantDao", "WateringWorker", "PlantCard"),
    tests=("waterMarksThePlant", "nextWateringSkipsRainyDays", "reminderIsCancelledOnDelete", "emptyStateShowsHint"),
    test_cmd="./gradlew testDebugUnitTest",
    test_ok="BUILD SUCCESSFUL in 52s\n{n} tests completed",
    test_fail="PlantListViewModelTest > {test} FAILED\n    java.lang.AssertionError at {file}:31\nBUILD FAILED in 48s",
    lint_cmd="./gradlew lintDebug",
    lint_out="{file}:18: Warning: Use `KTX` extension function `SharedPreferences.edit` instead [UseKtx]",
    type_cmd="./gradlew compileDebugKotlin",
    build_cmd="./gradlew assembleDebug",
    deps=(("androidx.lifecycle", "2.7.0", "2.8.6"), ("androidx.room", "2.6.1", "2.6.1-1"), ("kotlinx-coroutines", "1.8.0", "1.9.0")),
    manifest="app/build.gradle.kts",
    jobs=("unit-tests", "lint", "assemble"),
    logs=("W/Choreographer: Skipped 41 frames! The application may be doing too much work on its main thread.",
          "D/WateringWorker: next run in 6h", "E/RecyclerView: No adapter attached; skipping layout"),
    snippets=("fun nextWateringDate(last: LocalDate, everyDays: Int, forecast: Forecast): LocalDate {\n"
              "    var next = last.plusDays(everyDays.toLong())\n    while (forecast.isRainy(next)) next = next.plusDays(1)\n"
              "    return next\n}",),
))

_add(Stack(
    key="fastapi",
    language="python",
    files={
        "README.md": "# {name}\n\nInventory service for the warehouses: items, bins and stock movements.\n\n"
                     "    uvicorn app.main:app --reload\n",
        "pyproject.toml": "[project]\nname = \"{name}\"\nversion = \"1.3.0\"\ndependencies = [\n  \"fastapi>=0.110\",\n"
                          "  \"sqlalchemy>=2.0\",\n  \"pydantic>=2.6\",\n]\n",
        "app/main.py": "from fastapi import FastAPI\n\nfrom app.routers import items\n\napp = FastAPI(title=\"inventory\")\n"
                       "app.include_router(items.router, prefix=\"/items\")\n",
        "app/routers/items.py": "from fastapi import APIRouter, HTTPException\n\nfrom app.schemas import Item\n\n"
                                "router = APIRouter()\n_ITEMS: dict[str, Item] = {}\n\n\n@router.get(\"/{sku}\")\n"
                                "def get_item(sku: str) -> Item:\n    if sku not in _ITEMS:\n"
                                "        raise HTTPException(status_code=404, detail=\"unknown sku\")\n    return _ITEMS[sku]\n",
        "app/schemas.py": "from pydantic import BaseModel\n\n\nclass Item(BaseModel):\n    sku: str\n    name: str\n"
                          "    quantity: int = 0\n",
        "tests/test_items.py": "from fastapi.testclient import TestClient\n\nfrom app.main import app\n\n\n"
                               "def test_unknown_sku_is_404():\n    assert TestClient(app).get(\"/items/nope\").status_code == 404\n",
    },
    funcs=("get_item", "move_stock", "reserve", "list_bins", "reconcile_counts"),
    types=("Item", "Bin", "StockMovement", "Reservation"),
    tests=("test_unknown_sku_is_404", "test_move_stock_rejects_negative", "test_reserve_is_atomic",
           "test_list_bins_sorted_by_aisle"),
    test_cmd="pytest -q",
    test_ok="{n} passed in 1.87s",
    test_fail="FAILED {file}::{test} - assert 409 == 200\n1 failed, 51 passed in 2.02s",
    lint_cmd="flake8 app tests",
    lint_out="{file}:3:1: F401 'typing.Optional' imported but unused",
    type_cmd="mypy app",
    build_cmd="docker build -t inventory .",
    deps=(("fastapi", "0.110.0", "0.115.2"), ("sqlalchemy", "2.0.29", "2.0.35"), ("pydantic", "2.6.4", "2.9.2")),
    manifest="pyproject.toml",
    jobs=("tests", "lint", "image"),
    logs=("INFO:     127.0.0.1:51822 - \"GET /items/A-1142 HTTP/1.1\" 200 OK",
          "WARNING sqlalchemy.pool: Connection pool is full, discarding connection",
          "DeprecationWarning: on_event is deprecated, use lifespan event handlers instead."),
    snippets=("def move_stock(db: Session, sku: str, source: str, target: str, qty: int) -> StockMovement:\n"
              "    if qty <= 0:\n        raise ValueError(\"quantity must be positive\")\n"
              "    with db.begin():\n        take(db, sku, source, qty)\n        put(db, sku, target, qty)\n"
              "        return record_movement(db, sku, source, target, qty)",),
))

_add(Stack(
    key="ios",
    language="swift",
    files={
        "README.md": "# {name}\n\nInterval timer for workouts, with watch support.\n\nOpen the Xcode project and run the app scheme.\n",
        "App/AppMain.swift": "import SwiftUI\n\n@main\nstruct CadenceApp: App {\n    var body: some Scene {\n"
                             "        WindowGroup { TimerScreen() }\n    }\n}\n",
        "App/Views/TimerScreen.swift": "import SwiftUI\n\nstruct TimerScreen: View {\n"
                                       "    @StateObject private var model = TimerModel()\n\n    var body: some View {\n"
                                       "        VStack {\n            Text(model.remainingText).font(.largeTitle.monospacedDigit())\n"
                                       "            Button(model.isRunning ? \"Pause\" : \"Start\") { model.toggle() }\n"
                                       "        }\n    }\n}\n",
        "App/TimerModel.swift": "import Foundation\n\nfinal class TimerModel: ObservableObject {\n"
                                "    @Published var remaining: TimeInterval = 30\n    @Published var isRunning = false\n\n"
                                "    var remainingText: String { String(format: \"%02d:%02d\", Int(remaining) / 60, Int(remaining) % 60) }\n\n"
                                "    func toggle() { isRunning.toggle() }\n}\n",
        "AppTests/TimerModelTests.swift": "import XCTest\n@testable import Cadence\n\nfinal class TimerModelTests: XCTestCase {\n"
                                          "    func testRemainingTextPadsSeconds() {\n        let m = TimerModel()\n"
                                          "        m.remaining = 65\n        XCTAssertEqual(m.remainingText, \"01:05\")\n    }\n}\n",
    },
    funcs=("toggle", "remainingText", "advanceInterval", "scheduleHaptic", "syncToWatch"),
    types=("TimerModel", "TimerScreen", "IntervalPlan", "WatchBridge"),
    tests=("testRemainingTextPadsSeconds", "testAdvanceIntervalWrapsToRest", "testPlanDecodesLegacyJSON",
           "testHapticSkippedWhenMuted"),
    test_cmd="xcodebuild test -scheme Cadence -destination 'platform=iOS Simulator,name=iPhone 15'",
    test_ok="Test Suite 'All tests' passed.\n\t Executed {n} tests, with 0 failures (0 unexpected) in 2.114 seconds\n** TEST SUCCEEDED **",
    test_fail="{file}:22: error: -[TimerModelTests {test}] : XCTAssertEqual failed: (\"1:05\") is not equal to (\"01:05\")\n** TEST FAILED **",
    lint_cmd="swiftlint",
    lint_out="{file}:14:1: warning: Line Length Violation: Line should be 120 characters or less (line_length)",
    type_cmd="xcodebuild build -scheme Cadence -quiet",
    build_cmd="xcodebuild archive -scheme Cadence",
    deps=(("swift-collections", "1.0.6", "1.1.4"), ("swift-algorithms", "1.2.0", "1.2.1")),
    manifest="Package.resolved",
    jobs=("unit-tests", "swiftlint", "archive"),
    logs=("[UIKitCore] Unbalanced calls to begin/end appearance transitions",
          "WatchBridge: session not reachable, queued 1 message",
          "Publishing changes from background threads is not allowed"),
    snippets=("func advanceInterval() {\n    index = (index + 1) % plan.steps.count\n"
              "    remaining = plan.steps[index].duration\n    scheduleHaptic(for: plan.steps[index].kind)\n}",),
))
