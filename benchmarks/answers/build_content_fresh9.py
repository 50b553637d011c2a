"""Build (and re-verify) benchmarks/answers/content_fresh9.json: a ninth held-out set of human-phrased questions, mostly multi-part.

Written by a helper at the start of the thirteenth session, BEFORE any run of the app on it and without reading the
app's code under app/qa or running the app, its eval, its retrieval or its reader on these questions: every answer
was read off the pdfplumber text of the evidence page (and, where a table's layout was in doubt, checked against the
column order of its header, of neighbouring rows and of the answers earlier sets already verified on that table).
Modelled on build_content_fresh8.py (same record format, same checks, the same builder:
build_content_fresh.run_checked). The emphasis is on MULTI questions, 35 of them, in the style of pdf_qa.json's
"multi" kind:

- 8 "which documents/files/PDFs/reports" lists (mention / have anything on / give figures for / bring up / include /
  touch on / cover / contain) over words that occur (case-insensitively) in 1 to 6 files and that no earlier list
  asked about;
- 9 comparisons over two rows or columns of one table ("Between A and B, which ...?", "How do A and B compare ...?",
  "Was A ... higher than B?", "Which ... is larger, A's or B's?", yes and no totals of one proposal); both values are
  the answer parts;
- 10 two-part questions whose facts sit in two different documents (some naming a file, most letting the topic name
  it);
- 8 two-part questions over one document (two pages, two passages, or two cells or notes of one table).

Plus 16 one-passage content questions (who / when / how many / how much / where / what), favouring the pages the
earlier sets used least (counted as citations per document page over all earlier sets): the diesel rules' document
lists (pp. 2-4) and monitoring tables (pp. 11-12), the generated-text appendix of the creativity paper (pp. 6-7), the
WARN listing's pages 4, 6, 7, 8, 11 and 14, the Ghana award list's first, third and fourth pages, the schools donor
report's third and fourth pages, the Arabic sample (never cited before), the county proposals of the 2018 primary,
the Mexican localities list, the hedge fund's key figures, ... Among them are answers given by a sentence in the
passive voice, by a list item, by a table row, and by a person's or an organisation's name. They are phrased the way
a user who has not read the text asks them (synonyms, other word order, no run of five words copied from the source).

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh8.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json)
that cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is
derived once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh9.py          # rebuild content_fresh9.json
    .venv/bin/python benchmarks/answers/build_content_fresh9.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh9.json"

ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
NICS = "nics-background-checks-2015-11.pdf"
JAL = "issue-53-example.pdf"
ARRESTS = "12s0324.pdf"
SENATE = "senate-expenditures.pdf"
HEDGE = "edge_tol.pdf"
VOTES = "vertical_header.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "content_fresh5.json", "content_fresh6.json", "content_fresh7.json", "content_fresh8.json", "pdf_qa.json",
    "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr9-c01", "Apart from a cylinder bore of 200 mm, what size of crankcase means the design of the explosion relief valves has to be sent in for approval?", [["0.6 m3"]],
     {DIESEL: [3]}, "number", "p3, Table 2 (Documentation to be submitted for approval), item 22 'Arrangement and details of the crankcase explosion relief valve (see [2.3]) (5)'; note (5): 'Only for engines of a cylinder diameter of 200 mm or more or a crankcase volume of 0.6 m3 or more.'"),
    ("fr9-c02", "Does the classification society formally sign off the FMEA that has to accompany the documents of an electronically controlled engine?", [["will not be explicitly approved", "not be explicitly approved"]],
     {DIESEL: [2]}, "other", "p2, Table 1, item 25 'FMEA (for engine control system) (5)'; note (5) (passive): '... a failure mode and effects analysis (FMEA) is to be submitted to demonstrate that failure of the control system will not result in ... The FMEA reports required will not be explicitly approved by the Society.'"),
    ("fr9-c03", "In the list of drawings needed for inspecting engine parts and systems, which engines does the foundation arrangement concern?", [["main engines only", "main engines"]],
     {DIESEL: [4]}, "other", "p4, Table 3 (Documentation for the inspection of components and systems), list item: '36 Arrangement of foundation (for main engines only)'"),
    ("fr9-c04", "Who gets the final line in the machine-written Shakespeare shown in the creativity paper's appendix?", [["VIOLA"]],
     {ML: [6]}, "person", "p6, APPENDIX A, A. Shakespeare: speakers PANDARUS, Second Senator, DUKE VINCENTIO, Second Lord, Clown, then 'VIOLA: / I’ll drink it.' followed by 'B. Wikipeda'"),
    ("fr9-c05", "Which street address is printed for the Free Software Foundation inside the generated Linux code of the appendix?", [["675 Mass Ave"]],
     {ML: [7]}, "place", "p7, D. Linux Code, 2 (licence header): 'along with this program; if not, write to the Free Software Foundation, / * Inc., 675 Mass Ave, Cambridge, MA 02139, USA.'"),
    ("fr9-c06", "Which Oakland bakery filed a WARN notice in October 2015 for shutting down for good?", [["Svenhard's Swedish Bakery", "Svenhard's"]],
     {WARN: [6]}, "other", "p6 (columns Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '10/02/2015 1 2 / 0 4 / 2 0 15 1 0 / 0 5 / 2 0 15 Svenhard's Swedish Bakery Oakland 162 Closure Permanent'"),
    ("fr9-c07", "In what town was the Tra Vigne restaurant whose closure was reported to the state in October 2015?", [["Saint Helena"]],
     {WARN: [7]}, "place", "p7: '10/19/2015 1 2 / 2 0 / 2 0 15 1 0 / 2 0 / 2 0 15 Tra Vigne Saint Helena 136 Closure Permanent'"),
    ("fr9-c08", "How many people did Silgan Containers lay off for a time at its Riverbank site?", [["180"]],
     {WARN: [4]}, "number", "p4: '08/20/2015 1 0 / 2 5 / 2 0 15 0 8 / 2 4 / 2 0 15 Silgan Containers Riverbank 180 Layoff Temporary'"),
    ("fr9-c09", "Which company supplied the two 30-seat buses bought for Ghana's transport sector project?", [["Western Automobile"]],
     {GHANA: [1]}, "other", "p1, row 3 (cells wrapped over lines): '3 Procurement of 2No. MRH/IDA/TSP/ICB/G‐ ICB Western Automobile Box CT 215, 214,885.63 GHS 13‐Oct‐11 1‐Jan‐12 Completed' / 'Buses (30‐seater) 1/Lot 3 Centre Cantonments ‐'"),
    ("fr9-c10", "Who won the consultancy to integrate the road agencies' geographic information systems in Ghana?", [["Astrium Geo", "Astrium"]],
     {GHANA: [4]}, "other", "p4, row 34 (cells wrapped over lines): '34 Consultancy services MRH/IDA/TSP/QCBS/ QCBS Astrium Geo Europa House 52,501.00 US$ 12‐Jun‐14 15‐Jun‐15 Completed' / 'for integration of S‐1 Information Services The Crescent' / 'Geographical Southwood,' / 'Information Systems Farnborough' / '(GIS) of road Agencies Hampshire GUI4'"),
    ("fr9-c11", "In December 2015, how many delays on JAL's own domestic flights were put down to aircraft scheduling?", [["1,199"]],
     {JAL: [5]}, "number", "p5, 4. Monthly JAL Group Flight Operation Data Dec-2015, first table (JAL: Domestic, International, JAL TTL): 'Due to aircraft scheduling 1,199 96 1,295' (under 'TTL Delayed Flights 1,590 349 1,939')"),
    ("fr9-c12", "The fuel-saving report suggests putting stickers around which instrument in the car?", [["analog speedometer", "speedometer"]],
     {"us-030.pdf": [1]}, "other", "p1: 'Section 5 gives an example of how this could be done simply by placing stickers around a typical analog speedometer.'"),
    ("fr9-c13", "In the drive-cycle study, kinetic intensity is a ratio between which two quantities?", [["characteristic acceleration to aerodynamic speed"]],
     {"us-030.pdf": [2]}, "other", "p2, 2.1.1 (passive, in parentheses): '(KI represents a ratio of characteristic acceleration to aerodynamic speed and has been shown to be a useful drive cycle classification parameter [O’Keefe et al. 2007].)'"),
    ("fr9-c14", "Mary Karcz gave money to the St. Paul schools referendum campaign; who is her employer?", [["Metavante Corporation", "Metavante"]],
     {"schools.pdf": [3]}, "other", "p3 (Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'Karcz Mary 1019 Topping St. Saint Paul MN 55103 Metavante Corporation 10/9/2012 100.00'"),
    ("fr9-c15", "What did the senator's office pay for C. Messervy's round trip from Washington to Springfield in August 2019?", [["411.49"]],
     {SENATE: [1]}, "number", "p1 (words run together in pdfplumber's text): 'DHAW20190068 09/04/2019 CITIBANK-TRAVELCBACARD 08/12/2019 08/14/2019 STAFFTRANSPORTATION 411.49' / 'AIRFAREFORCMESSERVYWASHINGTONDCTOSPRINGFIELDANDRETURN'"),
    ("fr9-c16", "How many cats does the writer of the short Arabic text say they have?", [["47"]],
     {"arabic.pdf": [1]}, "number", "p1 (pdfplumber gives the Arabic as reversed presentation forms): '1234 ﻂﻄﻗ 47 ﻱﺪﻨﻋ', read right to left 'عندي 47 قطط' = 'I have 47 cats' (after 'My name is Sultan, welcome' and 'I am from North Carolina')"),
]

MULTI: list[Q] = [
    # comparisons: two rows or columns of one table
    ("fr9-m01", "Between Golden State Drilling's layoff in Bakersfield and the Rdio shutdown in San Francisco, which affected more workers?",
     [["104"], ["123"]], {WARN: [8]}, None,
     "p8: '11/05/2015 1 2 / 1 0 / 2 0 15 1 1 / 0 9 / 2 0 15 Golden State Drilling, Inc. Bakersfield 104 Layoff Permanent'; '11/18/2015 1 2 / 3 1 / 2 0 15 1 1 / 2 3 / 2 0 15 Rdio, Inc. San Francisco 123 Closure Permanent' (comparison: both numbers are needed)"),
    ("fr9-m02", "How do NetApp's Sunnyvale layoff and National Oilwell Varco's layoff in Orange compare in the number of employees?",
     [["376"], ["232"]], {WARN: [14]}, None,
     "p14: '03/01/2016 0 4 / 3 0 / 2 0 16 0 3 / 0 3 / 2 0 16 NetApp, Inc. Sunnyvale 376 Layoff Permanent'; '03/01/2016 0 4 / 3 0 / 2 0 16 0 3 / 0 1 / 2 0 16 National Oilwell Varco Orange 232 Layoff Permanent'"),
    ("fr9-m03", "Was Lamda Consult paid more for designing Ghana's transportation laboratory or for supervising its construction?",
     [["104,792.50"], ["184,386.25"]], {GHANA: [3]}, None,
     "p3, row 31: '31 Consultancy services MRH/IDA/TSP/CQS/S‐ CQS Lamda Consult Limited Box MP 104,792.50 GHS 4‐Jun‐15 21‐Sep‐16 Assignment' / 'for the design of 7 ...' / 'transportation ‐ Accra' / 'Laboratory'; row 32: '32 Consultancy services ... Lamda Consult Limited Box MP 184,386.25 GHS ...' / 'for supervision of 7 ...' / 'construction of ‐ Accra' / 'transportation' / 'Laboratory' (comparison: both amounts are needed)"),
    ("fr9-m04", "Which print job cost Ghana's transport project more: the road safety textbooks and guides for primary schools, or the ones for junior high schools?",
     [["244,950.00"], ["225,158.00"]], {GHANA: [2]}, None,
     "p2, row 21: '21 Production of Road MRH/IDA/TSP/SHP/G Shopping DPI Print Ltd Box ST 696 244,950.00 GHS 23‐Dec‐13 3‐Mar‐14 Completed' / ... / 'for Primary Schools'; row 20: '20 Production of Road ... Medi Max Ltd Box 243, Abeka ‐ 225,158.00 GHS 23‐Dec‐13 17‐Feb‐14 Completed' / ... / 'for Junior High Schools' (comparison: both amounts are needed)"),
    ("fr9-m05", "Was the JAL Group's international passenger count higher in October 2015 than in November 2015?",
     [["684,283"], ["642,168"]], {JAL: [1]}, None,
     "p1, 1.1 JAL Group International Passenger Traffic Data (Pax, y.o.y, RPK, y.o.y, ASK, y.o.y, L/F): 'Oct-2015 684,283 104.9 3,328,350 108.3 4,101,669 100.9 81.1'; 'Nov-2015 642,168 102.9 3,079,143 106.3 3,934,714 101.7 78.3' (comparison: both numbers are needed)"),
    ("fr9-m06", "From the old EU-15 countries taken together, were there more enquiries on free movement of workers or on the Lisbon Treaty?",
     [["813"], ["522"]], {"eu-015.pdf": [2]}, None,
     "p2, Hot topics by country, three lists side by side (Air passengers rights; Free movement of persons / workers; Treaty reform / IGC / Lisbon Treaty): 'Total EU-15 1.178 Total EU-15 813 Total EU-15 522' (comparison: both numbers are needed)"),
    ("fr9-m07", "In the state-of-the-art case for 2009, which volume servers use more energy a year: those in server rooms or those in server closets?",
     [["1,586"], ["1,424"]], {"spanning_cells.pdf": [1]}, None,
     "p1, Table A4-12, State-of-the-art scenario (2007 2008 2009 2010 2011): 'Server closets 1,485 1,471 1,424 1,315 1,349'; 'Server rooms 1,495 1,573 1,586 1,424 1,485' (third column: 2009; comparison: both numbers are needed)"),
    ("fr9-m08", "Which state's 2012-13 revenue budget for family welfare is larger, Haryana's or Himachal Pradesh's?",
     [["1,333,527"], ["1,331,529"]], {"health.pdf": [1]}, None,
     "p1, Table 5 (Rs. in 000; Revenue: Medical & Public Health, Family Welfare; Capital: Medical & Public Health, Family Welfare; Total Revenue & Capital; Others; Total): 'Haryana 15,156,681 1,333,527 40,100 0 16,530,308 1,222,698 17,753,006'; 'Himachal Pradesh 8,647,229 1,331,529 580,800 0 10,559,558 725,315 11,284,873' (second column; comparison: both numbers are needed)"),
    ("fr9-m09", "In the county proposals on the August 2018 primary ballot, how many yes and how many no votes did the 911 proposal get in total?",
     [["2308"], ["938"]], {VOTES: [4]}, None,
     "p4, COUNTY PROPOSALS (pairs Yes/No for 911, ACCOA, Ambulance, Library, Headlee Restoration, in the order of the header '911 ACCOA Ambulance Library Restoration'): 'Totals 2308 938 2245 986 2470 774 2106 1120 1157 1908' (first pair; the last pair, 1157/1908, is the Headlee restoration's, as content_fresh6 fr6-m05 has it)"),
    # two parts in two documents
    ("fr9-m10", "What was Odisha's total internal debt at the end of March 1997, and how many Orissa mothers were covered by the 2011-12 infant and young child feeding survey?",
     [["34.04"], ["398"]], {"superscript.pdf": [1], "clockwise_table_1.pdf": [1]}, None,
     "superscript p1, Table 125 (` Billion; first column Total Internal Debt): 'Odisha 34.04 27.58 - 4.4 2.06 0.56 - 0.66 - 0.2'; clockwise_table_1 p1 (rotated: one cell a line; Nutritional Assessment 1975-79, 1988-90, 1996-97, 2011-12; IYCF Practices (No. of mothers: 2011-12); Blood Pressure Men, Women; Fasting Blood Sugar Men, Women): 'Orissa 3756 5540 12024 8473 398 2040 2624 1093 1628' (fifth value; the same position gives Uttar Pradesh's 581 and Kerala's 245 mothers of the earlier sets)"),
    ("fr9-m11", "Who got the Ghana transport project's contract to audit the accounts of its programmes for 2012-2015, and how many staff did Envoy Air's closure in Palm Springs affect?",
     [["Beming Anang"], ["52"]], {GHANA: [4], WARN: [14]}, None,
     "Ghana p4, row 37: '37 Consultancy services MRH/IDA/TSP/QCBS/ QCBS Beming Anang And Box 12266, Accra 351,524.00 US$ 24‐Jun‐13 8‐Aug‐15 Assignment' / 'for financial audit of S‐11 Partners is ongoing' / 'TSP, UTP, WATTFP' / 'and ALTTFP for 2012‐' / '2015'; WARN p14: '02/26/2016 0 5 / 0 4 / 2 0 16 0 3 / 0 8 / 2 0 16 Envoy Air Palm Springs 52 Closure Permanent'"),
    ("fr9-m12", "Who holds the Oklahoma licence for the Fontana Italian restaurant in Moore, and what was Daniel Kishi paid as a legislative correspondent in the senator's office?",
     [["ULAJ, GEZIM", "ULAJ"], ["11,188.87"]], {"m27.pdf": [2], SENATE: [1]}, None,
     "m27 p2 (LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ...): 'FONTANA ITALIAN 854 NORTHWEST 12TH' / '632300BAW RESTAURANT ULAJ, GEZIM STREET MOORE OK 73160 (405) 703-0911 2014/05/07'; senate-expenditures p1 (words run together): 'KISHI,DANIELM LEGISLATIVECORRESPONDENTFROMJUL.15 11,188.87'"),
    ("fr9-m13", "Which employer did Jay Benanav give on the Strong Schools donor report, and how many votes did Cyndi Apsey receive in the Caledonia supervisor race?",
     [["Augsburg"], ["185"]], {"schools.pdf": [4], VOTES: [5]}, None,
     "schools p4 (..., Occupation, Employer, Date, Amount): 'Benanav Jay 1898 Ashland Ave St. Paul MN 55104 Augsburg 9/12/2012 250.00'; vertical_header p5, CALEDONIA TOWNSHIP: 'Supervisor Rep Cyndi Apsey 185'"),
    ("fr9-m14", "What was the Privium Done Hedge Fund's combined net asset value at the end of 2016, and how much energy per year was a high-end server projected to use in 2010?",
     [["54,256,197"], ["92,662"]], {HEDGE: [1], "spanning_cells.pdf": [1]}, None,
     "edge_tol p1, Total for the Fund: 'Net Asset Value at 31 December 54,256,197'; spanning_cells p1, Table A4-13 (kWh/year; 2007 .. 2011): 'High-end 76,295 81,624 86,849 92,662 98,864' (fourth column: 2010)"),
    ("fr9-m15", "In Finnish vocational education, who recruits the teaching staff, and from what year is the EU manufacturing market-share matrix that the food retail study relies on?",
     [["VET providers"], ["1993"]], {"eu-013.pdf": [8], "eu-004.pdf": [13]}, None,
     "eu-013 p8: 'VET providers are responsible for recruiting and employing their teaching staff and determine the types and number of posts needed.'; eu-004 p13: 'investigates their presence within the EU using the “1993 EU market share matrix for manufacturing” (Davies, Rondi and Sembenelli, 1998).'"),
    ("fr9-m16", "How many passengers flew JAL's Southeast Asia routes in December 2015, and how many enquiries about external relations and development did the EU contact centre receive?",
     [["276,197"], ["732"]], {JAL: [2], "eu-015.pdf": [1]}, None,
     "issue-53 p2, 1.2 Monthly International Passenger Route Traffic Data Dec-2015 (Pax, y.o.y, RPK, ...): 'SoutheastAsia 276,197 104.6 1,050,103 105.9 1,280,366 99.9 82.0 77.4'; eu-015 p1, Enquiries by topic: 'External relations and development 732'"),
    ("fr9-m17", "What share of Tamil Nadu households have an adult woman schooled up to the 5th-8th standard, and how many people (in lakh) did the Red Ribbon Express reach directly in Kerala?",
     [["33.1"], ["1.42"]], {"twotables_2.pdf": [1], "background_lines_1.pdf": [1]}, None,
     "twotables_2 p1, Table 7 (literacy status of adult women; n, Illiterate, Read & Write, 1-4 std., 5-8 std., 9-12 std., College): 'Tamil Nadu 2400 29.9 1.5 8.5 33.1 22.3 4.8'; background_lines_1 p1, Table 6.1 (State, Date, Halt stations, Halt days, Persons directly reached (in lakh), Persons trained, Persons counseled, Persons tested for HIV): 'Kerala 23.2.2010 to 9 17 1.42 3,559 2,173 855'"),
    ("fr9-m18", "How many vandalism arrests does the 2009 arrests-by-race table report in total, and how many long-gun background checks did Oregon run in November 2015?",
     [["212,173"], ["11,832"]], {ARRESTS: [1], NICS: [1]}, None,
     "12s0324 p1, Table 325 Arrests by Race: 2009 (Total, White, Black, American Indian/Alaskan Native, Asian Pacific Islander): 'Vandalism ... 212,173 157,723 48,746 3,352 2,352'; nics p1 (columns Permit, Handgun, Long Gun, ...): 'Oregon 35 13,586 11,832 0 0 ... 25,453'"),
    ("fr9-m19", "What locality code does La Escondida have in the Aguascalientes list, and in which Oklahoma town is the Coffee Cup licence?",
     [["0197"], ["POTEAU"]], {"mexican_towns.pdf": [1], "m27.pdf": [2]}, None,
     "mexican_towns p1 (Clave Entidad, Nombre Entidad, Clave Municipio, Nombre Municipio, Clave Localidad, Nombre Localidad): '01 Aguascalientes 001 Aguascalientes 0197 La Escondida'; m27 p2: '401 NORTH BROADWAY' / '617276BAW COFFEE CUP COFFEE CUP LLC STREET POTEAU OK 74953 (918) 647-2622 2014/10/25'"),
    # two parts over one document (two pages, two passages, two cells or notes of one table)
    ("fr9-m20", "For slow-speed cross-head propulsion engines, when can the piston coolant checks be left out, and from what engine power on is the cylinder cooling water inlet pressure monitored?",
     [["oil taken from the main cooling system", "main cooling system"], ["220 KW"]], {DIESEL: [11]}, None,
     "p11, Table 4 (Monitoring of main propulsion cross-head (slow speed) diesel engines): 'Piston coolant inlet pressure on each cylinder (1) L local', ...; 'Cylinder fresh cooling water system inlet pressure L local (3)'; notes: '(1) Not required, if the coolant is oil taken from the main cooling system of the engine'; '(3) For engines of 220 KW and above'"),
    ("fr9-m21", "In the monitoring table for medium- and high-speed trunk-piston propulsion engines, which lubricating oil reading has a high alarm, and when must the turbocharger's oil inlet pressure be shown?",
     [["filter differential pressure"], ["without integrated self-contained oil lubrication system", "self-contained oil lubrication system"]], {DIESEL: [12]}, None,
     "p12, Table 5 (Monitoring of main propulsion trunk-piston (medium or high speed) engines): 'Lubricating oil filter differential pressure H local' (the other lubricating oil rows: main and thrust bearing pressure L / LL, inlet temperature local); 'Turbocharger lubricating oil inlet pressure (1) local'; note '(1) If without integrated self-contained oil lubrication system'"),
    ("fr9-m22", "How many enquiries did the Export Helpdesk handle, and how many questions on free movement of persons came from outside the EU?",
     [["169"], ["102"]], {"eu-015.pdf": [1, 2]}, None,
     "p1, second table (Topic, Enquiries): 'Export Helpdesk 169'; p2, Hot topics by country (Air passengers rights; Free movement of persons / workers; Lisbon Treaty, side by side): 'Unspecified 363 non-EU 102 non-EU 40' (second list's non-EU)"),
    ("fr9-m23", "Who supplied the lockers, hand drills and grinders to Ghana's transport project, and what was that contract worth?",
     [["Wagtech"], ["235,376.73"]], {GHANA: [1]}, None,
     "p1, row 5 (cells wrapped over lines): '5 Procurement of MRH/IDA/TSP/NCB/G NCB Wagtech (GH) Ltd Box AT 211, 235,376.73 GHS 29‐Aug‐11 24‐Oct‐11 Completed' / 'Lockers, Hand Drilling ‐4 / Lot 2 Achimota ‐ Accra' / 'Machines, Pedestal' / 'Grinder and other' / 'tools'"),
    ("fr9-m24", "How many international flights did JAL operate in December 2015, and what share of them left on time?",
     [["4348"], ["92.0"]], {JAL: [5]}, None,
     "p5, first table (JAL: Domestic, International, JAL TTL): 'TTL Flight Number 18391 4348 22,739'; 'On-time departure rate (%) 99.4 92.0 91.5' (second column: International)"),
    ("fr9-m25", "How many jobs went when Walmart shut its Long Beach store, and how many when Memorial Health Services closed in San Clemente?",
     [["295"], ["194"]], {WARN: [11, 14]}, None,
     "p11: '01/15/2016 0 4 / 1 5 / 2 0 16 0 1 / 1 5 / 2 0 16 Walmart Long Beach 295 Closure Permanent'; p14: '03/01/2016 0 5 / 3 1 / 2 0 16 0 3 / 0 8 / 2 0 16 Memorial Health Services San Clemente 194 Closure Permanent'"),
    ("fr9-m26", "What employer does principal Stacey Kadrmas list, and how much did the IBEW Political Education Fund give to the Strong Schools campaign?",
     [["Frost Lake"], ["300.00"]], {"schools.pdf": [3, 4]}, None,
     "p3: 'Kadrmas Stacey R. 7879 Leeward Ave. N. Stillwater MN 55082 principal Frost Lake 9/25/2012 125.00'; p4: 'IBEW Political Education Fund Jaime McNamara 1330 Conway St STE 110 Saint Paul MN 55106 business manager 10/5/2012 300.00'"),
    ("fr9-m27", "Who published the machine-generated texts reproduced in the creativity paper's appendix, and which years does the copyright line of the second generated Linux sample cover?",
     [["Karpathy"], ["2006-2010"]], {ML: [6, 7]}, None,
     "p6, APPENDIX A: 'The following texts were generated by [Kar15a] and published by Karpathy on [Kar15b].'; p7, D. Linux Code, 2: '* Copyright (c) 2006-2010, Intel Mobile Communications. All rights reserved.'"),
    # "which documents ..." lists
    ("fr9-m28", "Where in my documents is Japan mentioned? List the files.", [], {}, None, "'japan' occurs"),
    ("fr9-m29", "Which reports have anything on Sweden?", [], {}, None, "'sweden' occurs"),
    ("fr9-m30", "List the PDFs that give figures for Delhi.", [], {}, None, "'delhi' occurs"),
    ("fr9-m31", "Which of the documents bring up teachers?", [], {}, None, "'teacher' occurs"),
    ("fr9-m32", "Which files include restaurants?", [], {}, None, "'restaurant' occurs"),
    ("fr9-m33", "Which documents touch on drugs?", [], {}, None, "'drug' occurs"),
    ("fr9-m34", "What files cover vehicles?", [], {}, None, "'vehicle' occurs"),
    ("fr9-m35", "Which reports contain budget information?", [], {}, None, "'budget' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A ninth set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (comparisons of two "
    "table cells, two facts in two files, two facts in one file, 'which documents' lists), written by a helper before "
    "any run of the app on them and without reading its code (see build_content_fresh9.py); split once by "
    "sha256(id), alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
