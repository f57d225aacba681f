var<private> v0 : u32;

var<private> v1 : u32;

var<private> v2 : u32;

var<private> v3 : u32;

var<private> v4 : u32;

var<private> v5 : u32;

var<private> v6 : u32;

var<private> v7 : u32;

var<private> v8 : u32;

var<private> v9 : u32;

var<private> v10 : u32;

var<private> v11 : u32;

var<private> v12 : u32;

var<private> v13 : u32;

var<private> v14 : u32;

var<private> v15 : u32;

var<private> v16 : u32;

var<private> v17 : u32;

var<private> v18 : u32;

var<private> v19 : u32;

var<private> v20 : u32;

var<private> v21 : u32;

var<private> v22 : u32;

var<private> v23 : u32;

var<private> v24 : u32;

var<private> v25 : u32;

var<private> v26 : u32;

var<private> v27 : u32;

var<private> v28 : u32;

var<private> v29 : u32;

var<private> v30 : u32;

var<private> v31 : u32;

var<private> v32 : u32;

var<private> v33 : u32;

var<private> v34 : u32;

var<private> v35 : u32;

var<private> v36 : u32;

var<private> v37 : u32;

var<private> v38 : u32;

var<private> v39 : u32;

var<private> v40 : u32;

var<private> v41 : u32;

var<private> v42 : u32;

var<private> v43 : u32;

var<private> v44 : u32;

var<private> v45 : u32;

var<private> v46 : u32;

var<private> v47 : u32;

var<private> v48 : u32;

var<private> v49 : u32;

var<private> v50 : u32;

var<private> v51 : u32;

var<private> v52 : u32;

var<private> v53 : u32;

var<private> v54 : u32;

var<private> v55 : u32;

var<private> v56 : u32;

var<private> v57 : u32;

var<private> v58 : u32;

var<private> v59 : u32;

var<private> v60 : u32;

var<private> v61 : u32;

var<private> v62 : u32;

var<private> v63 : u32;

var<private> v64 : u32;

var<private> v65 : u32;

var<private> v66 : u32;

var<private> v67 : u32;

var<private> v68 : u32;

var<private> v69 : u32;

var<private> v70 : u32;

var<private> v71 : u32;

var<private> v72 : u32;

var<private> v73 : u32;

var<private> v74 : u32;

var<private> v75 : u32;

var<private> v76 : u32;

var<private> v77 : u32;

var<private> v78 : u32;

var<private> v79 : u32;

var<private> v80 : u32;

var<private> v81 : u32;

var<private> v82 : u32;

var<private> v83 : u32;

var<private> v84 : u32;

var<private> v85 : u32;

var<private> v86 : u32;

var<private> v87 : u32;

var<private> v88 : u32;

var<private> v89 : u32;

var<private> v90 : u32;

var<private> v91 : u32;

var<private> v92 : u32;

var<private> v93 : u32;

var<private> v94 : u32;

var<private> v95 : u32;

var<private> v96 : u32;

var<private> v97 : u32;

var<private> v98 : u32;

var<private> v99 : u32;

var<private> v100 : u32;

var<private> v101 : u32;

var<private> v102 : u32;

var<private> v103 : u32;

var<private> v104 : u32;

var<private> v105 : u32;

var<private> v106 : u32;

var<private> v107 : u32;

var<private> v108 : u32;

var<private> v109 : u32;

var<private> v110 : u32;

var<private> v111 : u32;

var<private> v112 : u32;

var<private> v113 : u32;

var<private> v114 : u32;

var<private> v115 : u32;

var<private> v116 : u32;

var<private> v117 : u32;

var<private> v118 : u32;

var<private> v119 : u32;

var<private> v120 : u32;

var<private> v121 : u32;

var<private> v122 : u32;

var<private> v123 : u32;

var<private> v124 : u32;

var<private> v125 : u32;

var<private> v126 : u32;

var<private> v127 : u32;

var<private> v128 : u32;

var<private> v129 : u32;

var<private> v130 : u32;

var<private> v131 : u32;

var<private> v132 : u32;

var<private> v133 : u32;

var<private> v134 : u32;

var<private> v135 : u32;

var<private> v136 : u32;

var<private> v137 : u32;

var<private> v138 : u32;

var<private> v139 : u32;

var<private> v140 : u32;

var<private> v141 : u32;

var<private> v142 : u32;

var<private> v143 : u32;

var<private> v144 : u32;

var<private> v145 : u32;

var<private> v146 : u32;

var<private> v147 : u32;

var<private> v148 : u32;

var<private> v149 : u32;

var<private> v150 : u32;

var<private> v151 : u32;

var<private> v152 : u32;

var<private> v153 : u32;

var<private> v154 : u32;

var<private> v155 : u32;

var<private> v156 : u32;

var<private> v157 : u32;

var<private> v158 : u32;

var<private> v159 : u32;

var<private> v160 : u32;

var<private> v161 : u32;

var<private> v162 : u32;

var<private> v163 : u32;

var<private> v164 : u32;

var<private> v165 : u32;

var<private> v166 : u32;

var<private> v167 : u32;

var<private> v168 : u32;

var<private> v169 : u32;

var<private> v170 : u32;

var<private> v171 : u32;

var<private> v172 : u32;

var<private> v173 : u32;

var<private> v174 : u32;

var<private> v175 : u32;

var<private> v176 : u32;

var<private> v177 : u32;

var<private> v178 : u32;

var<private> v179 : u32;

var<private> v180 : u32;

var<private> v181 : u32;

var<private> v182 : u32;

var<private> v183 : u32;

var<private> v184 : u32;

var<private> v185 : u32;

var<private> v186 : u32;

var<private> v187 : u32;

var<private> v188 : u32;

var<private> v189 : u32;

var<private> v190 : u32;

var<private> v191 : u32;

var<private> v192 : u32;

var<private> v193 : u32;

var<private> v194 : u32;

var<private> v195 : u32;

var<private> v196 : u32;

var<private> v197 : u32;

var<private> v198 : u32;

var<private> v199 : u32;

var<private> v200 : u32;

var<private> v201 : u32;

var<private> v202 : u32;

var<private> v203 : u32;

var<private> v204 : u32;

var<private> v205 : u32;

var<private> v206 : u32;

var<private> v207 : u32;

var<private> v208 : u32;

var<private> v209 : u32;

var<private> v210 : u32;

var<private> v211 : u32;

var<private> v212 : u32;

var<private> v213 : u32;

var<private> v214 : u32;

var<private> v215 : u32;

var<private> v216 : u32;

var<private> v217 : u32;

var<private> v218 : u32;

var<private> v219 : u32;

var<private> v220 : u32;

var<private> v221 : u32;

var<private> v222 : u32;

var<private> v223 : u32;

var<private> v224 : u32;

var<private> v225 : u32;

var<private> v226 : u32;

var<private> v227 : u32;

var<private> v228 : u32;

var<private> v229 : u32;

var<private> v230 : u32;

var<private> v231 : u32;

var<private> v232 : u32;

var<private> v233 : u32;

var<private> v234 : u32;

var<private> v235 : u32;

var<private> v236 : u32;

var<private> v237 : u32;

var<private> v238 : u32;

var<private> v239 : u32;

var<private> v240 : u32;

var<private> v241 : u32;

var<private> v242 : u32;

var<private> v243 : u32;

var<private> v244 : u32;

var<private> v245 : u32;

var<private> v246 : u32;

var<private> v247 : u32;

var<private> v248 : u32;

var<private> v249 : u32;

var<private> v250 : u32;

var<private> v251 : u32;

var<private> v252 : u32;

var<private> v253 : u32;

var<private> v254 : u32;

var<private> v255 : u32;

var<private> v256 : u32;

var<private> v257 : u32;

var<private> v258 : u32;

var<private> v259 : u32;

var<private> v260 : u32;

var<private> v261 : u32;

var<private> v262 : u32;

var<private> v263 : u32;

var<private> v264 : u32;

var<private> v265 : u32;

var<private> v266 : u32;

var<private> v267 : u32;

var<private> v268 : u32;

var<private> v269 : u32;

var<private> v270 : u32;

var<private> v271 : u32;

var<private> v272 : u32;

var<private> v273 : u32;

var<private> v274 : u32;

var<private> v275 : u32;

var<private> v276 : u32;

var<private> v277 : u32;

var<private> v278 : u32;

var<private> v279 : u32;

var<private> v280 : u32;

var<private> v281 : u32;

var<private> v282 : u32;

var<private> v283 : u32;

var<private> v284 : u32;

var<private> v285 : u32;

var<private> v286 : u32;

var<private> v287 : u32;

var<private> v288 : u32;

var<private> v289 : u32;

var<private> v290 : u32;

var<private> v291 : u32;

var<private> v292 : u32;

var<private> v293 : u32;

var<private> v294 : u32;

var<private> v295 : u32;

var<private> v296 : u32;

var<private> v297 : u32;

var<private> v298 : u32;

var<private> v299 : u32;

var<private> v300 : u32;

var<private> v301 : u32;

var<private> v302 : u32;

var<private> v303 : u32;

var<private> v304 : u32;

var<private> v305 : u32;

var<private> v306 : u32;

var<private> v307 : u32;

var<private> v308 : u32;

var<private> v309 : u32;

var<private> v310 : u32;

var<private> v311 : u32;

var<private> v312 : u32;

var<private> v313 : u32;

var<private> v314 : u32;

var<private> v315 : u32;

var<private> v316 : u32;

var<private> v317 : u32;

var<private> v318 : u32;

var<private> v319 : u32;

var<private> v320 : u32;

var<private> v321 : u32;

var<private> v322 : u32;

var<private> v323 : u32;

var<private> v324 : u32;

var<private> v325 : u32;

var<private> v326 : u32;

var<private> v327 : u32;

var<private> v328 : u32;

var<private> v329 : u32;

var<private> v330 : u32;

var<private> v331 : u32;

var<private> v332 : u32;

var<private> v333 : u32;

var<private> v334 : u32;

var<private> v335 : u32;

var<private> v336 : u32;

var<private> v337 : u32;

var<private> v338 : u32;

var<private> v339 : u32;

var<private> v340 : u32;

var<private> v341 : u32;

var<private> v342 : u32;

var<private> v343 : u32;

var<private> v344 : u32;

var<private> v345 : u32;

var<private> v346 : u32;

var<private> v347 : u32;

var<private> v348 : u32;

var<private> v349 : u32;

var<private> v350 : u32;

var<private> v351 : u32;

var<private> v352 : u32;

var<private> v353 : u32;

var<private> v354 : u32;

var<private> v355 : u32;

var<private> v356 : u32;

var<private> v357 : u32;

var<private> v358 : u32;

var<private> v359 : u32;

var<private> v360 : u32;

var<private> v361 : u32;

var<private> v362 : u32;

var<private> v363 : u32;

var<private> v364 : u32;

var<private> v365 : u32;

var<private> v366 : u32;

var<private> v367 : u32;

var<private> v368 : u32;

var<private> v369 : u32;

var<private> v370 : u32;

var<private> v371 : u32;

var<private> v372 : u32;

var<private> v373 : u32;

var<private> v374 : u32;

var<private> v375 : u32;

var<private> v376 : u32;

var<private> v377 : u32;

var<private> v378 : u32;

var<private> v379 : u32;

var<private> v380 : u32;

var<private> v381 : u32;

var<private> v382 : u32;

var<private> v383 : u32;

var<private> v384 : u32;

var<private> v385 : u32;

var<private> v386 : u32;

var<private> v387 : u32;

var<private> v388 : u32;

var<private> v389 : u32;

var<private> v390 : u32;

var<private> v391 : u32;

var<private> v392 : u32;

var<private> v393 : u32;

var<private> v394 : u32;

var<private> v395 : u32;

var<private> v396 : u32;

var<private> v397 : u32;

var<private> v398 : u32;

var<private> v399 : u32;

var<private> v400 : u32;

var<private> v401 : u32;

var<private> v402 : u32;

var<private> v403 : u32;

var<private> v404 : u32;

var<private> v405 : u32;

var<private> v406 : u32;

var<private> v407 : u32;

var<private> v408 : u32;

var<private> v409 : u32;

var<private> v410 : u32;

var<private> v411 : u32;

var<private> v412 : u32;

var<private> v413 : u32;

var<private> v414 : u32;

var<private> v415 : u32;

var<private> v416 : u32;

var<private> v417 : u32;

var<private> v418 : u32;

var<private> v419 : u32;

var<private> v420 : u32;

var<private> v421 : u32;

var<private> v422 : u32;

var<private> v423 : u32;

var<private> v424 : u32;

var<private> v425 : u32;

var<private> v426 : u32;

var<private> v427 : u32;

var<private> v428 : u32;

var<private> v429 : u32;

var<private> v430 : u32;

var<private> v431 : u32;

var<private> v432 : u32;

var<private> v433 : u32;

var<private> v434 : u32;

var<private> v435 : u32;

var<private> v436 : u32;

var<private> v437 : u32;

var<private> v438 : u32;

var<private> v439 : u32;

var<private> v440 : u32;

var<private> v441 : u32;

var<private> v442 : u32;

var<private> v443 : u32;

var<private> v444 : u32;

var<private> v445 : u32;

var<private> v446 : u32;

var<private> v447 : u32;

var<private> v448 : u32;

var<private> v449 : u32;

var<private> v450 : u32;

var<private> v451 : u32;

var<private> v452 : u32;

var<private> v453 : u32;

var<private> v454 : u32;

var<private> v455 : u32;

var<private> v456 : u32;

var<private> v457 : u32;

var<private> v458 : u32;

var<private> v459 : u32;

var<private> v460 : u32;

var<private> v461 : u32;

var<private> v462 : u32;

var<private> v463 : u32;

var<private> v464 : u32;

var<private> v465 : u32;

var<private> v466 : u32;

var<private> v467 : u32;

var<private> v468 : u32;

var<private> v469 : u32;

var<private> v470 : u32;

var<private> v471 : u32;

var<private> v472 : u32;

var<private> v473 : u32;

var<private> v474 : u32;

var<private> v475 : u32;

var<private> v476 : u32;

var<private> v477 : u32;

var<private> v478 : u32;

var<private> v479 : u32;

var<private> v480 : u32;

var<private> v481 : u32;

var<private> v482 : u32;

var<private> v483 : u32;

var<private> v484 : u32;

var<private> v485 : u32;

var<private> v486 : u32;

var<private> v487 : u32;

var<private> v488 : u32;

var<private> v489 : u32;

var<private> v490 : u32;

var<private> v491 : u32;

var<private> v492 : u32;

var<private> v493 : u32;

var<private> v494 : u32;

var<private> v495 : u32;

var<private> v496 : u32;

var<private> v497 : u32;

var<private> v498 : u32;

var<private> v499 : u32;

var<private> v500 : u32;

var<private> v501 : u32;

var<private> v502 : u32;

var<private> v503 : u32;

var<private> v504 : u32;

var<private> v505 : u32;

var<private> v506 : u32;

var<private> v507 : u32;

var<private> v508 : u32;

var<private> v509 : u32;

var<private> v510 : u32;

var<private> v511 : u32;

var<private> v512 : u32;

var<private> v513 : u32;

var<private> v514 : u32;

var<private> v515 : u32;

var<private> v516 : u32;

var<private> v517 : u32;

var<private> v518 : u32;

var<private> v519 : u32;

var<private> v520 : u32;

var<private> v521 : u32;

var<private> v522 : u32;

var<private> v523 : u32;

var<private> v524 : u32;

var<private> v525 : u32;

var<private> v526 : u32;

var<private> v527 : u32;

var<private> v528 : u32;

var<private> v529 : u32;

var<private> v530 : u32;

var<private> v531 : u32;

var<private> v532 : u32;

var<private> v533 : u32;

var<private> v534 : u32;

var<private> v535 : u32;

var<private> v536 : u32;

var<private> v537 : u32;

var<private> v538 : u32;

var<private> v539 : u32;

var<private> v540 : u32;

var<private> v541 : u32;

var<private> v542 : u32;

var<private> v543 : u32;

var<private> v544 : u32;

var<private> v545 : u32;

var<private> v546 : u32;

var<private> v547 : u32;

var<private> v548 : u32;

var<private> v549 : u32;

var<private> v550 : u32;

var<private> v551 : u32;

var<private> v552 : u32;

var<private> v553 : u32;

var<private> v554 : u32;

var<private> v555 : u32;

var<private> v556 : u32;

var<private> v557 : u32;

var<private> v558 : u32;

var<private> v559 : u32;

var<private> v560 : u32;

var<private> v561 : u32;

var<private> v562 : u32;

var<private> v563 : u32;

var<private> v564 : u32;

var<private> v565 : u32;

var<private> v566 : u32;

var<private> v567 : u32;

var<private> v568 : u32;

var<private> v569 : u32;

var<private> v570 : u32;

var<private> v571 : u32;

var<private> v572 : u32;

var<private> v573 : u32;

var<private> v574 : u32;

var<private> v575 : u32;

var<private> v576 : u32;

var<private> v577 : u32;

var<private> v578 : u32;

var<private> v579 : u32;

var<private> v580 : u32;

var<private> v581 : u32;

var<private> v582 : u32;

var<private> v583 : u32;

var<private> v584 : u32;

var<private> v585 : u32;

var<private> v586 : u32;

var<private> v587 : u32;

var<private> v588 : u32;

var<private> v589 : u32;

var<private> v590 : u32;

var<private> v591 : u32;

var<private> v592 : u32;

var<private> v593 : u32;

var<private> v594 : u32;

var<private> v595 : u32;

var<private> v596 : u32;

var<private> v597 : u32;

var<private> v598 : u32;

var<private> v599 : u32;

var<private> v600 : u32;

var<private> v601 : u32;

var<private> v602 : u32;

var<private> v603 : u32;

var<private> v604 : u32;

var<private> v605 : u32;

var<private> v606 : u32;

var<private> v607 : u32;

var<private> v608 : u32;

var<private> v609 : u32;

var<private> v610 : u32;

var<private> v611 : u32;

var<private> v612 : u32;

var<private> v613 : u32;

var<private> v614 : u32;

var<private> v615 : u32;

var<private> v616 : u32;

var<private> v617 : u32;

var<private> v618 : u32;

var<private> v619 : u32;

var<private> v620 : u32;

var<private> v621 : u32;

var<private> v622 : u32;

var<private> v623 : u32;

var<private> v624 : u32;

var<private> v625 : u32;

var<private> v626 : u32;

var<private> v627 : u32;

var<private> v628 : u32;

var<private> v629 : u32;

var<private> v630 : u32;

var<private> v631 : u32;

var<private> v632 : u32;

var<private> v633 : u32;

var<private> v634 : u32;

var<private> v635 : u32;

var<private> v636 : u32;

var<private> v637 : u32;

var<private> v638 : u32;

var<private> v639 : u32;

var<private> v640 : u32;

var<private> v641 : u32;

var<private> v642 : u32;

var<private> v643 : u32;

var<private> v644 : u32;

var<private> v645 : u32;

var<private> v646 : u32;

var<private> v647 : u32;

var<private> v648 : u32;

var<private> v649 : u32;

var<private> v650 : u32;

var<private> v651 : u32;

var<private> v652 : u32;

var<private> v653 : u32;

var<private> v654 : u32;

var<private> v655 : u32;

var<private> v656 : u32;

var<private> v657 : u32;

var<private> v658 : u32;

var<private> v659 : u32;

var<private> v660 : u32;

var<private> v661 : u32;

var<private> v662 : u32;

var<private> v663 : u32;

var<private> v664 : u32;

var<private> v665 : u32;

var<private> v666 : u32;

var<private> v667 : u32;

var<private> v668 : u32;

var<private> v669 : u32;

var<private> v670 : u32;

var<private> v671 : u32;

var<private> v672 : u32;

var<private> v673 : u32;

var<private> v674 : u32;

var<private> v675 : u32;

var<private> v676 : u32;

var<private> v677 : u32;

var<private> v678 : u32;

var<private> v679 : u32;

var<private> v680 : u32;

var<private> v681 : u32;

var<private> v682 : u32;

var<private> v683 : u32;

var<private> v684 : u32;

var<private> v685 : u32;

var<private> v686 : u32;

var<private> v687 : u32;

var<private> v688 : u32;

var<private> v689 : u32;

var<private> v690 : u32;

var<private> v691 : u32;

var<private> v692 : u32;

var<private> v693 : u32;

var<private> v694 : u32;

var<private> v695 : u32;

var<private> v696 : u32;

var<private> v697 : u32;

var<private> v698 : u32;

var<private> v699 : u32;

var<private> v700 : u32;

var<private> v701 : u32;

var<private> v702 : u32;

var<private> v703 : u32;

var<private> v704 : u32;

var<private> v705 : u32;

var<private> v706 : u32;

var<private> v707 : u32;

var<private> v708 : u32;

var<private> v709 : u32;

var<private> v710 : u32;

var<private> v711 : u32;

var<private> v712 : u32;

var<private> v713 : u32;

var<private> v714 : u32;

var<private> v715 : u32;

var<private> v716 : u32;

var<private> v717 : u32;

var<private> v718 : u32;

var<private> v719 : u32;

var<private> v720 : u32;

var<private> v721 : u32;

var<private> v722 : u32;

var<private> v723 : u32;

var<private> v724 : u32;

var<private> v725 : u32;

var<private> v726 : u32;

var<private> v727 : u32;

var<private> v728 : u32;

var<private> v729 : u32;

var<private> v730 : u32;

var<private> v731 : u32;

var<private> v732 : u32;

var<private> v733 : u32;

var<private> v734 : u32;

var<private> v735 : u32;

var<private> v736 : u32;

var<private> v737 : u32;

var<private> v738 : u32;

var<private> v739 : u32;

var<private> v740 : u32;

var<private> v741 : u32;

var<private> v742 : u32;

var<private> v743 : u32;

var<private> v744 : u32;

var<private> v745 : u32;

var<private> v746 : u32;

var<private> v747 : u32;

var<private> v748 : u32;

var<private> v749 : u32;

var<private> v750 : u32;

var<private> v751 : u32;

var<private> v752 : u32;

var<private> v753 : u32;

var<private> v754 : u32;

var<private> v755 : u32;

var<private> v756 : u32;

var<private> v757 : u32;

var<private> v758 : u32;

var<private> v759 : u32;

var<private> v760 : u32;

var<private> v761 : u32;

var<private> v762 : u32;

var<private> v763 : u32;

var<private> v764 : u32;

var<private> v765 : u32;

var<private> v766 : u32;

var<private> v767 : u32;

var<private> v768 : u32;

var<private> v769 : u32;

var<private> v770 : u32;

var<private> v771 : u32;

var<private> v772 : u32;

var<private> v773 : u32;

var<private> v774 : u32;

var<private> v775 : u32;

var<private> v776 : u32;

var<private> v777 : u32;

var<private> v778 : u32;

var<private> v779 : u32;

var<private> v780 : u32;

var<private> v781 : u32;

var<private> v782 : u32;

var<private> v783 : u32;

var<private> v784 : u32;

var<private> v785 : u32;

var<private> v786 : u32;

var<private> v787 : u32;

var<private> v788 : u32;

var<private> v789 : u32;

var<private> v790 : u32;

var<private> v791 : u32;

var<private> v792 : u32;

var<private> v793 : u32;

var<private> v794 : u32;

var<private> v795 : u32;

var<private> v796 : u32;

var<private> v797 : u32;

var<private> v798 : u32;

var<private> v799 : u32;

var<private> v800 : u32;

var<private> v801 : u32;

var<private> v802 : u32;

var<private> v803 : u32;

var<private> v804 : u32;

var<private> v805 : u32;

var<private> v806 : u32;

var<private> v807 : u32;

var<private> v808 : u32;

var<private> v809 : u32;

var<private> v810 : u32;

var<private> v811 : u32;

var<private> v812 : u32;

var<private> v813 : u32;

var<private> v814 : u32;

var<private> v815 : u32;

var<private> v816 : u32;

var<private> v817 : u32;

var<private> v818 : u32;

var<private> v819 : u32;

var<private> v820 : u32;

var<private> v821 : u32;

var<private> v822 : u32;

var<private> v823 : u32;

var<private> v824 : u32;

var<private> v825 : u32;

var<private> v826 : u32;

var<private> v827 : u32;

var<private> v828 : u32;

var<private> v829 : u32;

var<private> v830 : u32;

var<private> v831 : u32;

var<private> v832 : u32;

var<private> v833 : u32;

var<private> v834 : u32;

var<private> v835 : u32;

var<private> v836 : u32;

var<private> v837 : u32;

var<private> v838 : u32;

var<private> v839 : u32;

var<private> v840 : u32;

var<private> v841 : u32;

var<private> v842 : u32;

var<private> v843 : u32;

var<private> v844 : u32;

var<private> v845 : u32;

var<private> v846 : u32;

var<private> v847 : u32;

var<private> v848 : u32;

var<private> v849 : u32;

var<private> v850 : u32;

var<private> v851 : u32;

var<private> v852 : u32;

var<private> v853 : u32;

var<private> v854 : u32;

var<private> v855 : u32;

var<private> v856 : u32;

var<private> v857 : u32;

var<private> v858 : u32;

var<private> v859 : u32;

var<private> v860 : u32;

var<private> v861 : u32;

var<private> v862 : u32;

var<private> v863 : u32;

var<private> v864 : u32;

var<private> v865 : u32;

var<private> v866 : u32;

var<private> v867 : u32;

var<private> v868 : u32;

var<private> v869 : u32;

var<private> v870 : u32;

var<private> v871 : u32;

var<private> v872 : u32;

var<private> v873 : u32;

var<private> v874 : u32;

var<private> v875 : u32;

var<private> v876 : u32;

var<private> v877 : u32;

var<private> v878 : u32;

var<private> v879 : u32;

var<private> v880 : u32;

var<private> v881 : u32;

var<private> v882 : u32;

var<private> v883 : u32;

var<private> v884 : u32;

var<private> v885 : u32;

var<private> v886 : u32;

var<private> v887 : u32;

var<private> v888 : u32;

var<private> v889 : u32;

var<private> v890 : u32;

var<private> v891 : u32;

var<private> v892 : u32;

var<private> v893 : u32;

var<private> v894 : u32;

var<private> v895 : u32;

var<private> v896 : u32;

var<private> v897 : u32;

var<private> v898 : u32;

var<private> v899 : u32;

var<private> v900 : u32;

var<private> v901 : u32;

var<private> v902 : u32;

var<private> v903 : u32;

var<private> v904 : u32;

var<private> v905 : u32;

var<private> v906 : u32;

var<private> v907 : u32;

var<private> v908 : u32;

var<private> v909 : u32;

var<private> v910 : u32;

var<private> v911 : u32;

var<private> v912 : u32;

var<private> v913 : u32;

var<private> v914 : u32;

var<private> v915 : u32;

var<private> v916 : u32;

var<private> v917 : u32;

var<private> v918 : u32;

var<private> v919 : u32;

var<private> v920 : u32;

var<private> v921 : u32;

var<private> v922 : u32;

var<private> v923 : u32;

var<private> v924 : u32;

var<private> v925 : u32;

var<private> v926 : u32;

var<private> v927 : u32;

var<private> v928 : u32;

var<private> v929 : u32;

var<private> v930 : u32;

var<private> v931 : u32;

var<private> v932 : u32;

var<private> v933 : u32;

var<private> v934 : u32;

var<private> v935 : u32;

var<private> v936 : u32;

var<private> v937 : u32;

var<private> v938 : u32;

var<private> v939 : u32;

var<private> v940 : u32;

var<private> v941 : u32;

var<private> v942 : u32;

var<private> v943 : u32;

var<private> v944 : u32;

var<private> v945 : u32;

var<private> v946 : u32;

var<private> v947 : u32;

var<private> v948 : u32;

var<private> v949 : u32;

var<private> v950 : u32;

var<private> v951 : u32;

var<private> v952 : u32;

var<private> v953 : u32;

var<private> v954 : u32;

var<private> v955 : u32;

var<private> v956 : u32;

var<private> v957 : u32;

var<private> v958 : u32;

var<private> v959 : u32;

var<private> v960 : u32;

var<private> v961 : u32;

var<private> v962 : u32;

var<private> v963 : u32;

var<private> v964 : u32;

var<private> v965 : u32;

var<private> v966 : u32;

var<private> v967 : u32;

var<private> v968 : u32;

var<private> v969 : u32;

var<private> v970 : u32;

var<private> v971 : u32;

var<private> v972 : u32;

var<private> v973 : u32;

var<private> v974 : u32;

var<private> v975 : u32;

var<private> v976 : u32;

var<private> v977 : u32;

var<private> v978 : u32;

var<private> v979 : u32;

var<private> v980 : u32;

var<private> v981 : u32;

var<private> v982 : u32;

var<private> v983 : u32;

var<private> v984 : u32;

var<private> v985 : u32;

var<private> v986 : u32;

var<private> v987 : u32;

var<private> v988 : u32;

var<private> v989 : u32;

var<private> v990 : u32;

var<private> v991 : u32;

var<private> v992 : u32;

var<private> v993 : u32;

var<private> v994 : u32;

var<private> v995 : u32;

var<private> v996 : u32;

var<private> v997 : u32;

var<private> v998 : u32;

var<private> v999 : u32;

fn foo() -> u32 {
  var x = 0u;
  x += v0;
  x += v1;
  x += v2;
  x += v3;
  x += v4;
  x += v5;
  x += v6;
  x += v7;
  x += v8;
  x += v9;
  x += v10;
  x += v11;
  x += v12;
  x += v13;
  x += v14;
  x += v15;
  x += v16;
  x += v17;
  x += v18;
  x += v19;
  x += v20;
  x += v21;
  x += v22;
  x += v23;
  x += v24;
  x += v25;
  x += v26;
  x += v27;
  x += v28;
  x += v29;
  x += v30;
  x += v31;
  x += v32;
  x += v33;
  x += v34;
  x += v35;
  x += v36;
  x += v37;
  x += v38;
  x += v39;
  x += v40;
  x += v41;
  x += v42;
  x += v43;
  x += v44;
  x += v45;
  x += v46;
  x += v47;
  x += v48;
  x += v49;
  x += v50;
  x += v51;
  x += v52;
  x += v53;
  x += v54;
  x += v55;
  x += v56;
  x += v57;
  x += v58;
  x += v59;
  x += v60;
  x += v61;
  x += v62;
  x += v63;
  x += v64;
  x += v65;
  x += v66;
  x += v67;
  x += v68;
  x += v69;
  x += v70;
  x += v71;
  x += v72;
  x += v73;
  x += v74;
  x += v75;
  x += v76;
  x += v77;
  x += v78;
  x += v79;
  x += v80;
  x += v81;
  x += v82;
  x += v83;
  x += v84;
  x += v85;
  x += v86;
  x += v87;
  x += v88;
  x += v89;
  x += v90;
  x += v91;
  x += v92;
  x += v93;
  x += v94;
  x += v95;
  x += v96;
  x += v97;
  x += v98;
  x += v99;
  x += v100;
  x += v101;
  x += v102;
  x += v103;
  x += v104;
  x += v105;
  x += v106;
  x += v107;
  x += v108;
  x += v109;
  x += v110;
  x += v111;
  x += v112;
  x += v113;
  x += v114;
  x += v115;
  x += v116;
  x += v117;
  x += v118;
  x += v119;
  x += v120;
  x += v121;
  x += v122;
  x += v123;
  x += v124;
  x += v125;
  x += v126;
  x += v127;
  x += v128;
  x += v129;
  x += v130;
  x += v131;
  x += v132;
  x += v133;
  x += v134;
  x += v135;
  x += v136;
  x += v137;
  x += v138;
  x += v139;
  x += v140;
  x += v141;
  x += v142;
  x += v143;
  x += v144;
  x += v145;
  x += v146;
  x += v147;
  x += v148;
  x += v149;
  x += v150;
  x += v151;
  x += v152;
  x += v153;
  x += v154;
  x += v155;
  x += v156;
  x += v157;
  x += v158;
  x += v159;
  x += v160;
  x += v161;
  x += v162;
  x += v163;
  x += v164;
  x += v165;
  x += v166;
  x += v167;
  x += v168;
  x += v169;
  x += v170;
  x += v171;
  x += v172;
  x += v173;
  x += v174;
  x += v175;
  x += v176;
  x += v177;
  x += v178;
  x += v179;
  x += v180;
  x += v181;
  x += v182;
  x += v183;
  x += v184;
  x += v185;
  x += v186;
  x += v187;
  x += v188;
  x += v189;
  x += v190;
  x += v191;
  x += v192;
  x += v193;
  x += v194;
  x += v195;
  x += v196;
  x += v197;
  x += v198;
  x += v199;
  x += v200;
  x += v201;
  x += v202;
  x += v203;
  x += v204;
  x += v205;
  x += v206;
  x += v207;
  x += v208;
  x += v209;
  x += v210;
  x += v211;
  x += v212;
  x += v213;
  x += v214;
  x += v215;
  x += v216;
  x += v217;
  x += v218;
  x += v219;
  x += v220;
  x += v221;
  x += v222;
  x += v223;
  x += v224;
  x += v225;
  x += v226;
  x += v227;
  x += v228;
  x += v229;
  x += v230;
  x += v231;
  x += v232;
  x += v233;
  x += v234;
  x += v235;
  x += v236;
  x += v237;
  x += v238;
  x += v239;
  x += v240;
  x += v241;
  x += v242;
  x += v243;
  x += v244;
  x += v245;
  x += v246;
  x += v247;
  x += v248;
  x += v249;
  x += v250;
  x += v251;
  x += v252;
  x += v253;
  x += v254;
  x += v255;
  x += v256;
  x += v257;
  x += v258;
  x += v259;
  x += v260;
  x += v261;
  x += v262;
  x += v263;
  x += v264;
  x += v265;
  x += v266;
  x += v267;
  x += v268;
  x += v269;
  x += v270;
  x += v271;
  x += v272;
  x += v273;
  x += v274;
  x += v275;
  x += v276;
  x += v277;
  x += v278;
  x += v279;
  x += v280;
  x += v281;
  x += v282;
  x += v283;
  x += v284;
  x += v285;
  x += v286;
  x += v287;
  x += v288;
  x += v289;
  x += v290;
  x += v291;
  x += v292;
  x += v293;
  x += v294;
  x += v295;
  x += v296;
  x += v297;
  x += v298;
  x += v299;
  x += v300;
  x += v301;
  x += v302;
  x += v303;
  x += v304;
  x += v305;
  x += v306;
  x += v307;
  x += v308;
  x += v309;
  x += v310;
  x += v311;
  x += v312;
  x += v313;
  x += v314;
  x += v315;
  x += v316;
  x += v317;
  x += v318;
  x += v319;
  x += v320;
  x += v321;
  x += v322;
  x += v323;
  x += v324;
  x += v325;
  x += v326;
  x += v327;
  x += v328;
  x += v329;
  x += v330;
  x += v331;
  x += v332;
  x += v333;
  x += v334;
  x += v335;
  x += v336;
  x += v337;
  x += v338;
  x += v339;
  x += v340;
  x += v341;
  x += v342;
  x += v343;
  x += v344;
  x += v345;
  x += v346;
  x += v347;
  x += v348;
  x += v349;
  x += v350;
  x += v351;
  x += v352;
  x += v353;
  x += v354;
  x += v355;
  x += v356;
  x += v357;
  x += v358;
  x += v359;
  x += v360;
  x += v361;
  x += v362;
  x += v363;
  x += v364;
  x += v365;
  x += v366;
  x += v367;
  x += v368;
  x += v369;
  x += v370;
  x += v371;
  x += v372;
  x += v373;
  x += v374;
  x += v375;
  x += v376;
  x += v377;
  x += v378;
  x += v379;
  x += v380;
  x += v381;
  x += v382;
  x += v383;
  x += v384;
  x += v385;
  x += v386;
  x += v387;
  x += v388;
  x += v389;
  x += v390;
  x += v391;
  x += v392;
  x += v393;
  x += v394;
  x += v395;
  x += v396;
  x += v397;
  x += v398;
  x += v399;
  x += v400;
  x += v401;
  x += v402;
  x += v403;
  x += v404;
  x += v405;
  x += v406;
  x += v407;
  x += v408;
  x += v409;
  x += v410;
  x += v411;
  x += v412;
  x += v413;
  x += v414;
  x += v415;
  x += v416;
  x += v417;
  x += v418;
  x += v419;
  x += v420;
  x += v421;
  x += v422;
  x += v423;
  x += v424;
  x += v425;
  x += v426;
  x += v427;
  x += v428;
  x += v429;
  x += v430;
  x += v431;
  x += v432;
  x += v433;
  x += v434;
  x += v435;
  x += v436;
  x += v437;
  x += v438;
  x += v439;
  x += v440;
  x += v441;
  x += v442;
  x += v443;
  x += v444;
  x += v445;
  x += v446;
  x += v447;
  x += v448;
  x += v449;
  x += v450;
  x += v451;
  x += v452;
  x += v453;
  x += v454;
  x += v455;
  x += v456;
  x += v457;
  x += v458;
  x += v459;
  x += v460;
  x += v461;
  x += v462;
  x += v463;
  x += v464;
  x += v465;
  x += v466;
  x += v467;
  x += v468;
  x += v469;
  x += v470;
  x += v471;
  x += v472;
  x += v473;
  x += v474;
  x += v475;
  x += v476;
  x += v477;
  x += v478;
  x += v479;
  x += v480;
  x += v481;
  x += v482;
  x += v483;
  x += v484;
  x += v485;
  x += v486;
  x += v487;
  x += v488;
  x += v489;
  x += v490;
  x += v491;
  x += v492;
  x += v493;
  x += v494;
  x += v495;
  x += v496;
  x += v497;
  x += v498;
  x += v499;
  x += v500;
  x += v501;
  x += v502;
  x += v503;
  x += v504;
  x += v505;
  x += v506;
  x += v507;
  x += v508;
  x += v509;
  x += v510;
  x += v511;
  x += v512;
  x += v513;
  x += v514;
  x += v515;
  x += v516;
  x += v517;
  x += v518;
  x += v519;
  x += v520;
  x += v521;
  x += v522;
  x += v523;
  x += v524;
  x += v525;
  x += v526;
  x += v527;
  x += v528;
  x += v529;
  x += v530;
  x += v531;
  x += v532;
  x += v533;
  x += v534;
  x += v535;
  x += v536;
  x += v537;
  x += v538;
  x += v539;
  x += v540;
  x += v541;
  x += v542;
  x += v543;
  x += v544;
  x += v545;
  x += v546;
  x += v547;
  x += v548;
  x += v549;
  x += v550;
  x += v551;
  x += v552;
  x += v553;
  x += v554;
  x += v555;
  x += v556;
  x += v557;
  x += v558;
  x += v559;
  x += v560;
  x += v561;
  x += v562;
  x += v563;
  x += v564;
  x += v565;
  x += v566;
  x += v567;
  x += v568;
  x += v569;
  x += v570;
  x += v571;
  x += v572;
  x += v573;
  x += v574;
  x += v575;
  x += v576;
  x += v577;
  x += v578;
  x += v579;
  x += v580;
  x += v581;
  x += v582;
  x += v583;
  x += v584;
  x += v585;
  x += v586;
  x += v587;
  x += v588;
  x += v589;
  x += v590;
  x += v591;
  x += v592;
  x += v593;
  x += v594;
  x += v595;
  x += v596;
  x += v597;
  x += v598;
  x += v599;
  x += v600;
  x += v601;
  x += v602;
  x += v603;
  x += v604;
  x += v605;
  x += v606;
  x += v607;
  x += v608;
  x += v609;
  x += v610;
  x += v611;
  x += v612;
  x += v613;
  x += v614;
  x += v615;
  x += v616;
  x += v617;
  x += v618;
  x += v619;
  x += v620;
  x += v621;
  x += v622;
  x += v623;
  x += v624;
  x += v625;
  x += v626;
  x += v627;
  x += v628;
  x += v629;
  x += v630;
  x += v631;
  x += v632;
  x += v633;
  x += v634;
  x += v635;
  x += v636;
  x += v637;
  x += v638;
  x += v639;
  x += v640;
  x += v641;
  x += v642;
  x += v643;
  x += v644;
  x += v645;
  x += v646;
  x += v647;
  x += v648;
  x += v649;
  x += v650;
  x += v651;
  x += v652;
  x += v653;
  x += v654;
  x += v655;
  x += v656;
  x += v657;
  x += v658;
  x += v659;
  x += v660;
  x += v661;
  x += v662;
  x += v663;
  x += v664;
  x += v665;
  x += v666;
  x += v667;
  x += v668;
  x += v669;
  x += v670;
  x += v671;
  x += v672;
  x += v673;
  x += v674;
  x += v675;
  x += v676;
  x += v677;
  x += v678;
  x += v679;
  x += v680;
  x += v681;
  x += v682;
  x += v683;
  x += v684;
  x += v685;
  x += v686;
  x += v687;
  x += v688;
  x += v689;
  x += v690;
  x += v691;
  x += v692;
  x += v693;
  x += v694;
  x += v695;
  x += v696;
  x += v697;
  x += v698;
  x += v699;
  x += v700;
  x += v701;
  x += v702;
  x += v703;
  x += v704;
  x += v705;
  x += v706;
  x += v707;
  x += v708;
  x += v709;
  x += v710;
  x += v711;
  x += v712;
  x += v713;
  x += v714;
  x += v715;
  x += v716;
  x += v717;
  x += v718;
  x += v719;
  x += v720;
  x += v721;
  x += v722;
  x += v723;
  x += v724;
  x += v725;
  x += v726;
  x += v727;
  x += v728;
  x += v729;
  x += v730;
  x += v731;
  x += v732;
  x += v733;
  x += v734;
  x += v735;
  x += v736;
  x += v737;
  x += v738;
  x += v739;
  x += v740;
  x += v741;
  x += v742;
  x += v743;
  x += v744;
  x += v745;
  x += v746;
  x += v747;
  x += v748;
  x += v749;
  x += v750;
  x += v751;
  x += v752;
  x += v753;
  x += v754;
  x += v755;
  x += v756;
  x += v757;
  x += v758;
  x += v759;
  x += v760;
  x += v761;
  x += v762;
  x += v763;
  x += v764;
  x += v765;
  x += v766;
  x += v767;
  x += v768;
  x += v769;
  x += v770;
  x += v771;
  x += v772;
  x += v773;
  x += v774;
  x += v775;
  x += v776;
  x += v777;
  x += v778;
  x += v779;
  x += v780;
  x += v781;
  x += v782;
  x += v783;
  x += v784;
  x += v785;
  x += v786;
  x += v787;
  x += v788;
  x += v789;
  x += v790;
  x += v791;
  x += v792;
  x += v793;
  x += v794;
  x += v795;
  x += v796;
  x += v797;
  x += v798;
  x += v799;
  x += v800;
  x += v801;
  x += v802;
  x += v803;
  x += v804;
  x += v805;
  x += v806;
  x += v807;
  x += v808;
  x += v809;
  x += v810;
  x += v811;
  x += v812;
  x += v813;
  x += v814;
  x += v815;
  x += v816;
  x += v817;
  x += v818;
  x += v819;
  x += v820;
  x += v821;
  x += v822;
  x += v823;
  x += v824;
  x += v825;
  x += v826;
  x += v827;
  x += v828;
  x += v829;
  x += v830;
  x += v831;
  x += v832;
  x += v833;
  x += v834;
  x += v835;
  x += v836;
  x += v837;
  x += v838;
  x += v839;
  x += v840;
  x += v841;
  x += v842;
  x += v843;
  x += v844;
  x += v845;
  x += v846;
  x += v847;
  x += v848;
  x += v849;
  x += v850;
  x += v851;
  x += v852;
  x += v853;
  x += v854;
  x += v855;
  x += v856;
  x += v857;
  x += v858;
  x += v859;
  x += v860;
  x += v861;
  x += v862;
  x += v863;
  x += v864;
  x += v865;
  x += v866;
  x += v867;
  x += v868;
  x += v869;
  x += v870;
  x += v871;
  x += v872;
  x += v873;
  x += v874;
  x += v875;
  x += v876;
  x += v877;
  x += v878;
  x += v879;
  x += v880;
  x += v881;
  x += v882;
  x += v883;
  x += v884;
  x += v885;
  x += v886;
  x += v887;
  x += v888;
  x += v889;
  x += v890;
  x += v891;
  x += v892;
  x += v893;
  x += v894;
  x += v895;
  x += v896;
  x += v897;
  x += v898;
  x += v899;
  x += v900;
  x += v901;
  x += v902;
  x += v903;
  x += v904;
  x += v905;
  x += v906;
  x += v907;
  x += v908;
  x += v909;
  x += v910;
  x += v911;
  x += v912;
  x += v913;
  x += v914;
  x += v915;
  x += v916;
  x += v917;
  x += v918;
  x += v919;
  x += v920;
  x += v921;
  x += v922;
  x += v923;
  x += v924;
  x += v925;
  x += v926;
  x += v927;
  x += v928;
  x += v929;
  x += v930;
  x += v931;
  x += v932;
  x += v933;
  x += v934;
  x += v935;
  x += v936;
  x += v937;
  x += v938;
  x += v939;
  x += v940;
  x += v941;
  x += v942;
  x += v943;
  x += v944;
  x += v945;
  x += v946;
  x += v947;
  x += v948;
  x += v949;
  x += v950;
  x += v951;
  x += v952;
  x += v953;
  x += v954;
  x += v955;
  x += v956;
  x += v957;
  x += v958;
  x += v959;
  x += v960;
  x += v961;
  x += v962;
  x += v963;
  x += v964;
  x += v965;
  x += v966;
  x += v967;
  x += v968;
  x += v969;
  x += v970;
  x += v971;
  x += v972;
  x += v973;
  x += v974;
  x += v975;
  x += v976;
  x += v977;
  x += v978;
  x += v979;
  x += v980;
  x += v981;
  x += v982;
  x += v983;
  x += v984;
  x += v985;
  x += v986;
  x += v987;
  x += v988;
  x += v989;
  x += v990;
  x += v991;
  x += v992;
  x += v993;
  x += v994;
  x += v995;
  x += v996;
  x += v997;
  x += v998;
  x += v999;
  return x;
}

@fragment
fn main() -> @location(0) u32 {
  return foo();
}
